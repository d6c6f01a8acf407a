import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CATEGORY_FILTERS,
  CatalogMessages,
  TOOL_CATEGORIES,
  TOOL_SEARCH_MAX_LENGTH,
  TOOL_LIST_SORTS,
  UNCATEGORISED,
  type CategoryFilter,
  type ToolCategory,
  type ToolListSort,
  imageLinkError,
  Messages,
  PRICE_MAX,
  priceError,
  QUANTITY_MAX,
  RuleMessages,
  TEXT_MAX_LENGTH,
  type NewTool,
} from '@toolshop/contracts';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { FollowsRule } from '../common/contract-rule';
import { PageQuery } from '../common/pagination';

const tooMany = { message: RuleMessages.quantityTooLarge };
const tooLong = `At most ${TEXT_MAX_LENGTH} characters`;

/**
 * POST /tools: every field required (SPEC.md §5), numbers whole and not negative; the rules
 * across fields (minOrder ≤ available) are validateNewTool's, applied by ToolsService.create.
 */
export class CreateToolDto implements NewTool {
  @ApiProperty({ example: 'Cordless Drill 18V' })
  @IsString({ message: Messages.toolNameRequired })
  @IsNotEmpty({ message: Messages.toolNameRequired })
  @MaxLength(TEXT_MAX_LENGTH, { message: tooLong })
  name: string;

  @ApiProperty({
    example: '/images/cordless-drill.webp',
    description: 'A path on the API, or an https link on one of the IMAGE_HOSTS',
  })
  @IsString({ message: Messages.toolImageRequired })
  @IsNotEmpty({ message: Messages.toolImageRequired })
  @MaxLength(TEXT_MAX_LENGTH, { message: tooLong })
  @FollowsRule('imageLink', imageLinkError)
  img: string;

  @ApiProperty()
  @IsString({ message: Messages.toolShortDescriptionRequired })
  @IsNotEmpty({ message: Messages.toolShortDescriptionRequired })
  @MaxLength(TEXT_MAX_LENGTH, { message: tooLong })
  shortDescription: string;

  @ApiProperty({ minimum: 0, maximum: QUANTITY_MAX, example: 10 })
  @IsInt({ message: Messages.toolMinOrderRequired })
  @Min(0, { message: Messages.toolMinOrderRequired })
  @Max(QUANTITY_MAX, tooMany)
  minOrder: number;

  @ApiProperty({ minimum: 0, maximum: QUANTITY_MAX, example: 500 })
  @IsInt({ message: Messages.toolAvailableRequired })
  @Min(0, { message: Messages.toolAvailableRequired })
  @Max(QUANTITY_MAX, tooMany)
  available: number;

  @ApiProperty({ minimum: 0, maximum: PRICE_MAX, example: 129, description: 'Whole dollars' })
  @FollowsRule('price', priceError)
  price: number;

  @ApiPropertyOptional({
    enum: TOOL_CATEGORIES,
    description: `Products without one are listed as ${UNCATEGORISED}`,
  })
  @IsOptional()
  @IsIn(TOOL_CATEGORIES, { message: CatalogMessages.category })
  category?: ToolCategory;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: QUANTITY_MAX,
    description: 'Stock below this is low; default 2 x minOrder',
  })
  @IsOptional()
  @IsInt({ message: CatalogMessages.lowStockThreshold })
  @Min(0, { message: CatalogMessages.lowStockThreshold })
  @Max(QUANTITY_MAX, tooMany)
  lowStockThreshold?: number;
}

/** PUT /tools/:id (admin restock). */
export class RestockDto {
  @ApiProperty({ minimum: 0, maximum: QUANTITY_MAX, example: 250 })
  @IsInt({ message: Messages.toolAvailableRequired })
  @Min(0, { message: Messages.toolAvailableRequired })
  @Max(QUANTITY_MAX, tooMany)
  available: number;
}

export class ToolResponse extends CreateToolDto {
  @ApiProperty() _id: string;
}

/** GET /tools: the catalog query (all optional) and the list's paging. */
export class ToolsQuery extends PageQuery {
  @ApiPropertyOptional({
    maxLength: TOOL_SEARCH_MAX_LENGTH,
    description: 'Words in the name or description (literal, case-insensitive)',
  })
  @IsOptional()
  @IsString({ message: CatalogMessages.search })
  @MaxLength(TOOL_SEARCH_MAX_LENGTH, { message: CatalogMessages.search })
  q?: string;

  @ApiPropertyOptional({ enum: CATEGORY_FILTERS, description: `${UNCATEGORISED}: no category` })
  @IsOptional()
  @IsIn(CATEGORY_FILTERS, { message: CatalogMessages.category })
  category?: CategoryFilter;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'true: only tools with stock' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: CatalogMessages.inStock })
  inStock?: 'true' | 'false';

  @ApiPropertyOptional({
    enum: ['true', 'false'],
    description: 'true: only tools below their low-stock threshold',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: CatalogMessages.lowStock })
  lowStock?: 'true' | 'false';

  @ApiPropertyOptional({
    enum: TOOL_LIST_SORTS,
    default: '-createdAt',
    description: 'lowStock: products below their threshold first (Manage Products)',
  })
  @IsOptional()
  @IsIn(TOOL_LIST_SORTS, { message: CatalogMessages.sort })
  sort?: ToolListSort;
}

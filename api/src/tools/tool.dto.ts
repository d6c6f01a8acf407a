import { applyDecorators } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiProperty,
  ApiPropertyOptional,
  PartialType,
  PickType,
} from '@nestjs/swagger';
import {
  BuyingMessages,
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
  PACK_SIZE_MAX,
  type PriceTier,
  PRICE_TIERS_MAX,
  SKU_MAX_LENGTH,
  SkuMessages,
} from '@toolshop/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  Matches,
} from 'class-validator';
import { FollowsRule } from '../common/contract-rule';
import { ErrorResponse } from '../common/error-response.dto';
import { PageQuery } from '../common/pagination';

const tooMany = { message: RuleMessages.quantityTooLarge };
const tooLong = `At most ${TEXT_MAX_LENGTH} characters`;

/** One price break; the rules across tiers and the base price are validateNewTool's. */
export class PriceTierDto implements PriceTier {
  @ApiProperty({ minimum: 2, maximum: QUANTITY_MAX, example: 50 })
  @IsInt({ message: BuyingMessages.tierQuantity })
  @Min(2, { message: BuyingMessages.tierQuantity })
  @Max(QUANTITY_MAX, { message: BuyingMessages.tierQuantity })
  minQuantity: number;

  @ApiProperty({
    minimum: 0,
    maximum: PRICE_MAX,
    example: 119,
    description: 'Whole dollars a unit',
  })
  @IsInt({ message: BuyingMessages.tierPrice })
  @Min(0, { message: BuyingMessages.tierPrice })
  @Max(PRICE_MAX, { message: BuyingMessages.tierPrice })
  price: number;
}

const PackSizeProperty = () =>
  applyDecorators(
    ApiPropertyOptional({
      minimum: 1,
      maximum: PACK_SIZE_MAX,
      example: 5,
      description: 'Sold in multiples of this (minOrder must be one); absent or 1: single units',
    }),
    IsOptional(),
    IsInt({ message: BuyingMessages.packSize }),
    Min(1, { message: BuyingMessages.packSize }),
    Max(PACK_SIZE_MAX, { message: BuyingMessages.packSize }),
  );

const PriceTiersProperty = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: [PriceTierDto],
      maxItems: PRICE_TIERS_MAX,
      description:
        'Unit prices from a quantity on, after the base price: ascending minQuantity, prices never increasing',
    }),
    IsOptional(),
    IsArray({ message: BuyingMessages.tierQuantity }),
    ArrayMaxSize(PRICE_TIERS_MAX, { message: BuyingMessages.tooManyTiers }),
    ValidateNested({ each: true, message: BuyingMessages.tierQuantity }),
    Type(() => PriceTierDto),
  );

/** 409: the SKU is another product's (the unique index refused it). */
export const ApiSkuConflict = (description: string) =>
  ApiConflictResponse({ type: ErrorResponse, description });

/** As SKU_PATTERN, in either case (stored upper-case). */
const SKU_INPUT = /^[A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]$/;

const SkuProperty = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      minLength: 2,
      maxLength: SKU_MAX_LENGTH,
      pattern: SKU_INPUT.source,
      example: 'DRL-18V',
      description,
    }),
    IsOptional(),
    IsString({ message: SkuMessages.invalid }),
    Matches(SKU_INPUT, { message: SkuMessages.invalid }),
  );

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

  @PackSizeProperty()
  packSize?: number;

  @PriceTiersProperty()
  priceTiers?: PriceTierDto[];

  @SkuProperty(
    'Unique; stored upper-case. Absent: one is generated from the name (answered by GET /tools/{id}); taken: 409',
  )
  sku?: string;
}

/**
 * PATCH /tools/:id: the buying terms and the description (name, img, shortDescription, category),
 * any of them; checked together with the stored tool by validateNewTool (ToolsService.editTerms).
 * `priceTiers: []` removes the tiers, `packSize: 1` the packs, `category: null` the category
 * (listed as "Other" again).
 */
export class EditToolTermsDto extends PartialType(
  PickType(CreateToolDto, [
    'price',
    'minOrder',
    'packSize',
    'priceTiers',
    'name',
    'img',
    'shortDescription',
  ] as const),
) {
  @SkuProperty('Unique; stored upper-case; taken by another product: 409')
  sku?: string;

  @ApiPropertyOptional({
    enum: TOOL_CATEGORIES,
    nullable: true,
    description: `null: no category (listed as ${UNCATEGORISED})`,
  })
  @IsOptional()
  @IsIn(TOOL_CATEGORIES, { message: CatalogMessages.category })
  category?: ToolCategory | null;
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
    description: 'Words in the name or description, or part of the SKU (literal, case-insensitive)',
  })
  @IsOptional()
  @IsString({ message: CatalogMessages.search })
  @MaxLength(TOOL_SEARCH_MAX_LENGTH, { message: CatalogMessages.search })
  // PostgreSQL text (the embedded engine's $regex) cannot hold a NUL: refused, not a 500.
  // eslint-disable-next-line no-control-regex -- the NUL is what it refuses
  @Matches(/^[^\u0000]*$/, { message: 'q may not contain a NUL character' })
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

/** Longest prefix GET /tools/lookup takes, and the most answers it gives. */
export const LOOKUP_PREFIX_MAX = 40;
export const LOOKUP_LIMIT_MAX = 20;
const lookupPrefix = `q must be 1-${LOOKUP_PREFIX_MAX} characters`;
const lookupLimit = `limit must be a whole number from 1 to ${LOOKUP_LIMIT_MAX}`;

/** GET /tools/lookup: the typeahead of Quick Order. */
export class ToolLookupQuery {
  @ApiProperty({
    minLength: 1,
    maxLength: LOOKUP_PREFIX_MAX,
    example: 'dr',
    description: 'The start of a SKU or a product name, any case',
  })
  @IsString({ message: lookupPrefix })
  @IsNotEmpty({ message: lookupPrefix })
  @MaxLength(LOOKUP_PREFIX_MAX, { message: lookupPrefix })
  // eslint-disable-next-line no-control-regex -- the NUL is what it refuses
  @Matches(/^[^\u0000]*$/, { message: 'q may not contain a NUL character' })
  q: string;

  @ApiPropertyOptional({ minimum: 1, maximum: LOOKUP_LIMIT_MAX, default: 8 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: lookupLimit })
  @Min(1, { message: lookupLimit })
  @Max(LOOKUP_LIMIT_MAX, { message: lookupLimit })
  limit?: number;
}

export class ToolLookupResponse {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ example: 'DRL-18V' }) sku?: string;
}

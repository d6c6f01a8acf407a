import { ApiProperty } from '@nestjs/swagger';
import {
  IMAGE_LINK_PATTERN,
  Messages,
  RuleMessages,
  TEXT_MAX_LENGTH,
  type NewTool,
} from '@toolshop/contracts';
import { IsInt, IsNotEmpty, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

const MAX_AMOUNT = 1_000_000_000;
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

  @ApiProperty({ example: 'http://localhost:5000/images/cordless-drill.webp' })
  @IsString({ message: Messages.toolImageRequired })
  @IsNotEmpty({ message: Messages.toolImageRequired })
  @MaxLength(TEXT_MAX_LENGTH, { message: tooLong })
  @Matches(IMAGE_LINK_PATTERN, { message: RuleMessages.imageLinkInvalid })
  img: string;

  @ApiProperty()
  @IsString({ message: Messages.toolShortDescriptionRequired })
  @IsNotEmpty({ message: Messages.toolShortDescriptionRequired })
  @MaxLength(TEXT_MAX_LENGTH, { message: tooLong })
  shortDescription: string;

  @ApiProperty({ minimum: 0, example: 10 })
  @IsInt({ message: Messages.toolMinOrderRequired })
  @Min(0, { message: Messages.toolMinOrderRequired })
  @Max(MAX_AMOUNT, { message: Messages.toolMinOrderRequired })
  minOrder: number;

  @ApiProperty({ minimum: 0, example: 500 })
  @IsInt({ message: Messages.toolAvailableRequired })
  @Min(0, { message: Messages.toolAvailableRequired })
  @Max(MAX_AMOUNT, { message: Messages.toolAvailableRequired })
  available: number;

  @ApiProperty({ minimum: 0, example: 129, description: 'Whole dollars' })
  @IsInt({ message: Messages.toolPriceRequired })
  @Min(0, { message: Messages.toolPriceRequired })
  @Max(MAX_AMOUNT, { message: Messages.toolPriceRequired })
  price: number;
}

/** PUT /tools/:id (admin restock). */
export class RestockDto {
  @ApiProperty({ minimum: 0, example: 250 })
  @IsInt({ message: Messages.toolAvailableRequired })
  @Min(0, { message: Messages.toolAvailableRequired })
  @Max(MAX_AMOUNT, { message: Messages.toolAvailableRequired })
  available: number;
}

export class ToolResponse extends CreateToolDto {
  @ApiProperty() _id: string;
}

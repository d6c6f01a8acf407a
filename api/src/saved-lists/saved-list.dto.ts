import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BuyingMessages,
  LIST_NAME_MAX_LENGTH,
  listNameError,
  ORDER_LINES_MAX,
  type SavedList,
  type SavedListInput,
  type SavedListLine,
} from '@toolshop/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, ValidateNested } from 'class-validator';
import { FollowsRule } from '../common/contract-rule';
import { QuickOrderLineDto } from '../orders/quick-order.dto';

/** POST /savedLists and PUT /savedLists/{id}. */
export class SavedListInputDto implements SavedListInput {
  @ApiProperty({ maxLength: LIST_NAME_MAX_LENGTH, example: 'Monthly consumables' })
  @FollowsRule('listName', listNameError)
  name: string;

  @ApiProperty({
    type: [QuickOrderLineDto],
    maxItems: ORDER_LINES_MAX,
    description: 'Distinct products; quantities are saved as given and checked when ordered',
  })
  // The rule applied last (the top one) shows its message: a missing list is not "too many".
  @IsArray({ message: BuyingMessages.lineFormat })
  @ArrayMaxSize(ORDER_LINES_MAX, { message: BuyingMessages.tooManyLines })
  @ValidateNested({ each: true, message: BuyingMessages.lineFormat })
  @Type(() => QuickOrderLineDto)
  lines: QuickOrderLineDto[];

  @ApiPropertyOptional({
    description:
      'Shown to the other members of the caller’s company, read only for them; absent on PUT keeps it',
  })
  @IsOptional()
  @IsBoolean({ message: 'shared must be true or false' })
  shared?: boolean;
}

export class SavedListLineResponse implements SavedListLine {
  @ApiProperty() toolId: string;
  @ApiProperty({ description: 'The product’s name when the line was saved' }) name: string;
  @ApiPropertyOptional({ description: 'The product’s SKU when the line was saved' }) sku?: string;
  @ApiProperty() quantity: number;
}

export class SavedListResponse implements SavedList {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: [SavedListLineResponse] }) lines: SavedListLineResponse[];
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiPropertyOptional({ description: 'Shown to the other members of the owner’s company' })
  shared?: boolean;
  @ApiPropertyOptional({ description: 'A colleague’s shared list (read only): whose it is' })
  owner?: string;
}

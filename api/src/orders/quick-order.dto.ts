import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, IntersectionType, PickType } from '@nestjs/swagger';
import {
  BuyingMessages,
  InputMessages,
  LINE_PRODUCT_MAX_LENGTH,
  ORDER_LINES_MAX,
  QUANTITY_MAX,
  RuleMessages,
  type CheckedOrderLine,
  type NewQuickOrder,
  type OrderLineInput,
  type QuickOrderCheck,
} from '@toolshop/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsMongoId,
  IsNumber,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CreateOrderDto } from './order.dto';

/** 1 to ORDER_LINES_MAX lines of `type`, each validated. */
const Lines = (type: () => new () => object) =>
  applyDecorators(
    ApiProperty({ type: [type()], minItems: 1, maxItems: ORDER_LINES_MAX }),
    // The last broken rule's message is the one shown: a missing list says "add a line".
    ArrayMaxSize(ORDER_LINES_MAX, { message: BuyingMessages.tooManyLines }),
    ArrayMinSize(1, { message: BuyingMessages.noLines }),
    IsArray({ message: BuyingMessages.noLines }),
    ValidateNested({ each: true, message: BuyingMessages.lineFormat }),
    Type(type),
  );

/** A line as the customer wrote it; the quantity's rules are the check's answer, not a 400. */
export class OrderLineInputDto implements OrderLineInput {
  @ApiProperty({
    maxLength: LINE_PRODUCT_MAX_LENGTH,
    example: 'Cordless Drill Driver 18V',
    description:
      'A product SKU (exact, any case), "SKU — name", a product name (forgiving: case, spaces, a prefix, a small typo) or a product id',
  })
  @IsString({ message: BuyingMessages.lineFormat })
  @MaxLength(LINE_PRODUCT_MAX_LENGTH, { message: BuyingMessages.lineFormat })
  product: string;

  @ApiProperty({ example: 50 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: BuyingMessages.wholeQuantity })
  quantity: number;
}

/** POST /quickOrders/check. */
export class QuickOrderCheckDto {
  @Lines(() => OrderLineInputDto)
  lines: OrderLineInputDto[];
}

/**
 * A line to order (or to keep in a saved list): a product id and a whole quantity (its rules are
 * checked with the product when ordered).
 */
export class QuickOrderLineDto {
  @ApiProperty({ description: 'Id of the product' })
  @IsMongoId({ message: InputMessages.chooseProduct })
  toolId: string;

  @ApiProperty({ minimum: 1, maximum: QUANTITY_MAX, example: 50 })
  @IsInt({ message: BuyingMessages.wholeQuantity })
  @Min(1, { message: BuyingMessages.wholeQuantity })
  @Max(QUANTITY_MAX, { message: RuleMessages.quantityTooLarge })
  quantity: number;
}

class QuickOrderLinesDto {
  @Lines(() => QuickOrderLineDto)
  lines: QuickOrderLineDto[];
}

/** POST /quickOrders: the lines (distinct products) and where to ship them, as POST /orders. */
export class QuickOrderDto
  extends IntersectionType(
    QuickOrderLinesDto,
    PickType(CreateOrderDto, ['address', 'phone', 'userName', 'purchaseOrder'] as const),
  )
  implements NewQuickOrder {}

export class CheckedOrderLineResponse implements CheckedOrderLine {
  @ApiProperty({ description: 'As sent' }) product: string;
  @ApiProperty() quantity: number;
  @ApiPropertyOptional({ description: 'The product found' }) toolId?: string;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() sku?: string;
  @ApiPropertyOptional() img?: string;
  @ApiPropertyOptional() packSize?: number;
  @ApiPropertyOptional() minOrder?: number;
  @ApiPropertyOptional() available?: number;
  @ApiPropertyOptional({
    description: 'Dollars a unit: the lowest of the price tiers and the caller’s company price',
  })
  unitPrice?: number;
  @ApiPropertyOptional({ description: 'quantity × unitPrice' }) lineTotal?: number;
  @ApiPropertyOptional({
    enum: [true],
    description: 'The unit price is the caller’s company price (below the list and tier price)',
  })
  companyPrice?: true;
  @ApiPropertyOptional({ description: 'Why the line cannot be ordered as it is' })
  problem?: string;
  @ApiPropertyOptional({
    description:
      'An unmatched line: the products it may mean (an ambiguous prefix or a small typo)',
    type: 'array',
    items: {
      type: 'object',
      properties: { toolId: { type: 'string' }, name: { type: 'string' }, sku: { type: 'string' } },
    },
  })
  suggestions?: Array<{ toolId: string; name: string; sku?: string }>;
}

export class QuickOrderCheckResponse implements QuickOrderCheck {
  @ApiProperty({ type: [CheckedOrderLineResponse], description: 'In the order sent' })
  lines: CheckedOrderLineResponse[];
  @ApiProperty({ description: 'Whole dollars: the sum of the lines that can be ordered' })
  total: number;
  @ApiProperty({ description: 'Every line can be ordered as it is' }) orderable: boolean;
}

import {
  ApiHideProperty,
  ApiProperty,
  ApiPropertyOptional,
  IntersectionType,
} from '@nestjs/swagger';
import {
  InputMessages,
  Messages,
  type NewOrder,
  type OrderState,
  QUANTITY_MAX,
  RuleMessages,
  TEXT_MAX_LENGTH,
} from '@toolshop/contracts';
import { Type } from 'class-transformer';
import {
  Allow,
  IsIn,
  IsInt,
  IsMongoId,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { EmailQuery } from '../common/email-query';
import { PageQuery } from '../common/pagination';

const tooLong = InputMessages.atMost(TEXT_MAX_LENGTH);

/**
 * POST /orders. The spec's form also sends name, img, email, totalPrice and paid: they are
 * accepted for compatibility and ignored (the server takes them from the token and the tool).
 */
export class CreateOrderDto implements NewOrder {
  @ApiProperty({ description: 'Id of the ordered tool' })
  @IsMongoId({ message: InputMessages.chooseProduct })
  toolId: string;

  @ApiProperty({ example: '12 Elm Street, Springfield' })
  @IsString({ message: InputMessages.addressRequired })
  @IsNotEmpty({ message: InputMessages.addressRequired })
  @MaxLength(TEXT_MAX_LENGTH, { message: tooLong })
  address: string;

  @ApiProperty({ example: '+1 555 0100' })
  @IsString({ message: InputMessages.phoneRequired })
  @IsNotEmpty({ message: InputMessages.phoneRequired })
  @MaxLength(40, { message: InputMessages.atMost(40) })
  phone: string;

  @ApiProperty({ minimum: 1, maximum: QUANTITY_MAX, example: 10 })
  @IsInt({ message: Messages.invalidQuantity })
  @Min(1, { message: Messages.invalidQuantity })
  @Max(QUANTITY_MAX, { message: RuleMessages.quantityTooLarge })
  orderQuantity: number;

  @ApiPropertyOptional({ description: 'Defaults to the name in the access token' })
  @IsOptional()
  @IsString()
  @MaxLength(TEXT_MAX_LENGTH, { message: tooLong })
  userName?: string;

  @ApiHideProperty() @Allow() name?: unknown;
  @ApiHideProperty() @Allow() img?: unknown;
  @ApiHideProperty() @Allow() email?: unknown;
  @ApiHideProperty() @Allow() totalPrice?: unknown;
  @ApiHideProperty() @Allow() paid?: unknown;
}

/** PATCH /adminOrders/:id: the spec's body (order, transactionId, address) is accepted and ignored. */
export class ApproveOrderDto {
  @ApiHideProperty() @Allow() order?: unknown;
  @ApiHideProperty() @Allow() transactionId?: unknown;
  @ApiHideProperty() @Allow() address?: unknown;
}

export const ORDER_STATES: OrderState[] = ['unpaid', 'paid', 'shipped'];

export class AdminOrdersQuery extends PageQuery {
  @ApiPropertyOptional({ enum: ORDER_STATES })
  @IsOptional()
  @IsIn(ORDER_STATES, { message: InputMessages.orderState })
  state?: OrderState;
}

export class StatsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 366, default: 30 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: InputMessages.statsDays })
  @Min(1, { message: InputMessages.statsDays })
  @Max(366, { message: InputMessages.statsDays })
  days?: number;
}

export class OrderResponse {
  @ApiProperty() _id: string;
  @ApiProperty() toolId: string;
  @ApiProperty({ description: 'Product name' }) name: string;
  @ApiProperty() userName: string;
  @ApiProperty() img: string;
  @ApiProperty() email: string;
  @ApiProperty() address: string;
  @ApiProperty() phone: string;
  @ApiProperty() orderQuantity: number;
  @ApiProperty({ description: 'Whole dollars' }) totalPrice: number;
  @ApiProperty() paid: boolean;
  @ApiProperty() shipped: boolean;
  @ApiPropertyOptional() transactionId?: string;
  @ApiProperty() createdAt: string;
  @ApiPropertyOptional({
    description: 'Unpaid orders: until when the stock is held; the order is then cancelled',
    format: 'date-time',
  })
  reservedUntil?: string;
}

export class DayStatsResponse {
  @ApiProperty({ example: '2026-11-21' }) day: string;
  @ApiProperty() orders: number;
  @ApiProperty({ description: 'Sum of totalPrice of the paid orders created that day' })
  revenue: number;
}

/** GET /orders?email= with optional paging. */
export class OwnOrdersQuery extends IntersectionType(PageQuery, EmailQuery) {}

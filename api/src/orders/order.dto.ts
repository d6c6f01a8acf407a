import { applyDecorators } from '@nestjs/common';
import {
  ApiHideProperty,
  ApiProperty,
  ApiPropertyOptional,
  IntersectionType,
} from '@nestjs/swagger';
import {
  ADMIN_ORDER_SEARCH_MAX_LENGTH,
  ADMIN_ORDER_SEARCH_WINDOW,
  BuyingMessages,
  CARRIER_MAX_LENGTH,
  InputMessages,
  Messages,
  NAME_MAX_LENGTH,
  nameError,
  ORDER_LINES_MAX,
  ORDER_REASON_MAX_LENGTH,
  ORDER_STATE_FILTERS,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  normalizePurchaseOrder,
  PURCHASE_ORDER_MAX_LENGTH,
  PURCHASE_ORDER_PATTERN,
  purchaseOrderError,
  type NewOrder,
  type OrderAction,
  type OrderState,
  type OrderStateFilter,
  QUANTITY_MAX,
  RuleMessages,
  type ShippingDetails,
  TEXT_MAX_LENGTH,
  TRACKING_NUMBER_MAX_LENGTH,
  TRACKING_NUMBER_PATTERN,
} from '@toolshop/contracts';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsMongoId,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { FollowsRule } from '../common/contract-rule';
import { EmailQuery } from '../common/email-query';
import { PageQuery } from '../common/pagination';

const tooLong = InputMessages.atMost(TEXT_MAX_LENGTH);
const ADMIN_ORDER_SEARCH_MESSAGE = `q must be text of at most ${ADMIN_ORDER_SEARCH_MAX_LENGTH} characters, without NUL`;

/** The buyer's optional PO number: trimmed, blank is none, the contracts' rule (400 with its message). */
const PurchaseOrderField = () =>
  applyDecorators(
    ApiPropertyOptional({
      description:
        'The buyer’s own purchase order number, printed on the invoice; blank or absent is none',
      maxLength: PURCHASE_ORDER_MAX_LENGTH,
      pattern: PURCHASE_ORDER_PATTERN.source,
      example: 'PO-2026/0417',
    }),
    Transform(({ value }: { value: unknown }) => normalizePurchaseOrder(value)),
    IsOptional(),
    FollowsRule('purchaseOrder', purchaseOrderError),
  );

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

  @ApiPropertyOptional({
    description:
      "Defaults to the name in the access token; the shop's name rule (one line, no link)",
    maxLength: NAME_MAX_LENGTH,
  })
  @IsOptional()
  @IsString()
  // The name goes into the order's emails: one line of at most 60 characters, no link.
  @FollowsRule('userName', (value) =>
    typeof value === 'string' && !value.trim() ? undefined : nameError(value),
  )
  userName?: string;

  @PurchaseOrderField()
  purchaseOrder?: string;

  @ApiHideProperty() @Allow() name?: unknown;
  @ApiHideProperty() @Allow() img?: unknown;
  @ApiHideProperty() @Allow() email?: unknown;
  @ApiHideProperty() @Allow() totalPrice?: unknown;
  @ApiHideProperty() @Allow() paid?: unknown;
}

/** Surrounding spaces go; an empty text is no value (the admin left the field blank). */
const blankIsAbsent = Transform(({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  return value.trim() === '' ? undefined : value.trim();
});

/**
 * PATCH /adminOrders/:id: optional carrier and tracking number; the spec's body (order,
 * transactionId, address) is accepted and ignored.
 */
export class ApproveOrderDto implements ShippingDetails {
  @ApiPropertyOptional({ maxLength: CARRIER_MAX_LENGTH, example: 'DHL' })
  @blankIsAbsent
  @IsOptional()
  @IsString({ message: InputMessages.carrierText })
  @MaxLength(CARRIER_MAX_LENGTH, { message: InputMessages.atMost(CARRIER_MAX_LENGTH) })
  carrier?: string;

  @ApiPropertyOptional({
    maxLength: TRACKING_NUMBER_MAX_LENGTH,
    pattern: TRACKING_NUMBER_PATTERN.source,
    example: '1Z999AA10123456784',
  })
  @blankIsAbsent
  @IsOptional()
  @IsString({ message: InputMessages.trackingNumberFormat })
  @MaxLength(TRACKING_NUMBER_MAX_LENGTH, {
    message: InputMessages.atMost(TRACKING_NUMBER_MAX_LENGTH),
  })
  @Matches(TRACKING_NUMBER_PATTERN, { message: InputMessages.trackingNumberFormat })
  trackingNumber?: string;

  @ApiHideProperty() @Allow() order?: unknown;
  @ApiHideProperty() @Allow() transactionId?: unknown;
  @ApiHideProperty() @Allow() address?: unknown;
}

/** The details to store: only those given. */
export function shippingDetails(body: ApproveOrderDto | undefined): ShippingDetails {
  const { carrier, trackingNumber } = body ?? {};
  return { ...(carrier && { carrier }), ...(trackingNumber && { trackingNumber }) };
}

const RETURN_REASON_MESSAGE = `Say why you return it: text of 1 to ${ORDER_REASON_MAX_LENGTH} characters`;
const REFUND_REASON_MESSAGE = `reason must be text of at most ${ORDER_REASON_MAX_LENGTH} characters, without NUL`;

const REFUND_LINES_MESSAGE = `lines must be 1 to ${ORDER_LINES_MAX} products of the order, each with a whole quantity`;

/** The longest part of an order number My Orders searches for. */
const ORDER_NUMBER_SEARCH_MAX_LENGTH = 20;

/** Some units of one product of an order, to refund or return. */
export class RefundLineDto {
  @ApiProperty({ description: 'Id of a product of the order' })
  @IsMongoId({ message: InputMessages.chooseProduct })
  toolId: string;

  @ApiProperty({ minimum: 1, maximum: QUANTITY_MAX })
  @IsInt({ message: BuyingMessages.wholeQuantity })
  @Min(1, { message: BuyingMessages.wholeQuantity })
  @Max(QUANTITY_MAX, { message: RuleMessages.quantityTooLarge })
  quantity: number;
}

/** Optional `lines`: which units; without them, every unit not refunded yet. */
const RefundLines = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: [RefundLineDto],
      minItems: 1,
      maxItems: ORDER_LINES_MAX,
      description,
    }),
    IsOptional(),
    ArrayMaxSize(ORDER_LINES_MAX, { message: REFUND_LINES_MESSAGE }),
    ArrayMinSize(1, { message: REFUND_LINES_MESSAGE }),
    IsArray({ message: REFUND_LINES_MESSAGE }),
    ValidateNested({ each: true }),
    Type(() => RefundLineDto),
  );

/** POST /orders/{id}/refunds: some units or all; the reason goes into the timeline and the email. */
export class RefundOrderDto {
  @ApiPropertyOptional({ maxLength: ORDER_REASON_MAX_LENGTH })
  @IsOptional()
  @IsString({ message: REFUND_REASON_MESSAGE })
  @MaxLength(ORDER_REASON_MAX_LENGTH, { message: REFUND_REASON_MESSAGE })
  // eslint-disable-next-line no-control-regex -- the NUL is what it refuses
  @Matches(/^[^\u0000]*$/, { message: REFUND_REASON_MESSAGE })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  reason?: string;

  @RefundLines(
    'The units to refund; without them, every unit not refunded yet (the order is then refunded)',
  )
  lines?: RefundLineDto[];
}

/** POST /orders/{id}/returns: some units or the whole order go back; the customer says why. */
export class ReturnRequestDto {
  @ApiProperty({ minLength: 1, maxLength: ORDER_REASON_MAX_LENGTH })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: RETURN_REASON_MESSAGE })
  @IsNotEmpty({ message: RETURN_REASON_MESSAGE })
  @MaxLength(ORDER_REASON_MAX_LENGTH, { message: RETURN_REASON_MESSAGE })
  // eslint-disable-next-line no-control-regex -- the NUL is what it refuses
  @Matches(/^[^\u0000]*$/, { message: RETURN_REASON_MESSAGE })
  reason: string;

  @RefundLines('The units to send back; without them, every unit not refunded yet')
  lines?: RefundLineDto[];
}

export const RETURN_DECISIONS = ['approve', 'reject', 'receive'] as const;

/** PATCH /returns/{id}: an admin's decision; a refusal says why (the customer reads it). */
export class ReturnDecisionDto {
  @ApiProperty({
    enum: RETURN_DECISIONS,
    description: 'receive: the goods are back; the order is then refunded',
  })
  @IsIn(RETURN_DECISIONS, { message: 'decision must be one of approve, reject, receive' })
  decision: (typeof RETURN_DECISIONS)[number];

  @ApiPropertyOptional({ maxLength: ORDER_REASON_MAX_LENGTH })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: REFUND_REASON_MESSAGE })
  @MaxLength(ORDER_REASON_MAX_LENGTH, { message: REFUND_REASON_MESSAGE })
  // eslint-disable-next-line no-control-regex -- the NUL is what it refuses
  @Matches(/^[^\u0000]*$/, { message: REFUND_REASON_MESSAGE })
  reason?: string;
}

export class RefundResponse {
  @ApiProperty({ description: 'The payment provider’s refund id' }) refundId: string;
  @ApiProperty({ description: 'Whole dollars given back' }) amount: number;
  @ApiProperty({ description: 'The credit note issued for it (GET /orders/{id}/credit-note.pdf)' })
  creditNoteNumber: number;
}

export class RefundLineResponse {
  @ApiProperty() toolId: string;
  @ApiProperty() quantity: number;
}

export class OrderTimelineEntryResponse {
  @ApiProperty({
    enum: [
      'placed',
      'approved',
      ...ORDER_STATES.filter((state) => state !== 'unpaid' && state !== 'awaiting_approval'),
    ],
  })
  event: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ enum: ['customer', 'admin', 'system', 'approver'] }) by: string;
  @ApiPropertyOptional({
    description:
      'The admin’s email when by = admin; the company owner’s or approver’s when by = approver',
  })
  actor?: string;
  @ApiPropertyOptional() carrier?: string;
  @ApiPropertyOptional() trackingNumber?: string;
  @ApiPropertyOptional() transactionId?: string;
  @ApiPropertyOptional({ description: 'Refunds: whole dollars given back' }) amount?: number;
  @ApiPropertyOptional({ description: 'Refunds: the admin’s reason' }) reason?: string;
  @ApiPropertyOptional({
    type: [RefundLineResponse],
    description: 'A refund or return of some units: which',
  })
  lines?: RefundLineResponse[];
}

export class AdminOrdersQuery extends PageQuery {
  @ApiPropertyOptional({
    enum: ORDER_STATE_FILTERS,
    description:
      'Only orders in this state (returns: every return under way); without it, every order but cancelled and expired ones',
  })
  @IsOptional()
  @IsIn(ORDER_STATE_FILTERS, { message: InputMessages.orderState })
  state?: OrderStateFilter;

  @ApiPropertyOptional({
    maxLength: ADMIN_ORDER_SEARCH_MAX_LENGTH,
    description: `An order id, a buyer's PO number (exact, indexed), an order number (TS-100234 or 100234), a customer email or its start (indexed), or words of the ship-to name or address (case-insensitive, in the newest ${ADMIN_ORDER_SEARCH_WINDOW} orders)`,
  })
  @IsOptional()
  @IsString({ message: ADMIN_ORDER_SEARCH_MESSAGE })
  @MaxLength(ADMIN_ORDER_SEARCH_MAX_LENGTH, { message: ADMIN_ORDER_SEARCH_MESSAGE })
  // PostgreSQL text cannot hold a NUL: refused, not a 500.
  // eslint-disable-next-line no-control-regex -- the NUL is what it refuses
  @Matches(/^[^\u0000]*$/, { message: ADMIN_ORDER_SEARCH_MESSAGE })
  q?: string;
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

export class OrderLineResponse {
  @ApiProperty() toolId: string;
  @ApiProperty({ description: 'Product name when ordered' }) name: string;
  @ApiPropertyOptional({ description: 'Product SKU when ordered' }) sku?: string;
  @ApiProperty() img: string;
  @ApiProperty() orderQuantity: number;
  @ApiProperty({ description: 'Whole dollars a unit, from the tiers' }) unitPrice: number;
  @ApiProperty({ description: 'orderQuantity × unitPrice' }) totalPrice: number;
}

export class OrderRefundResponse {
  @ApiProperty({ description: 'Whole dollars given back' }) amount: number;
  @ApiProperty({ type: [RefundLineResponse], description: 'The units refunded' })
  lines: RefundLineResponse[];
  @ApiPropertyOptional() reason?: string;
  @ApiProperty({ enum: ['pending', 'succeeded'] }) status: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiPropertyOptional({ description: 'The payment provider’s refund id' }) id?: string;
  @ApiPropertyOptional({
    description: 'Its credit note (GET /orders/{id}/credit-note.pdf?number=)',
  })
  creditNoteNumber?: number;
}

export class OrderReturnResponse {
  @ApiProperty() reason: string;
  @ApiProperty({ format: 'date-time' }) requestedAt: string;
  @ApiPropertyOptional({
    type: [RefundLineResponse],
    description: 'The units sent back when not all of them',
  })
  lines?: RefundLineResponse[];
}

export class OrderResponse {
  @ApiProperty() _id: string;
  @ApiProperty() toolId: string;
  @ApiProperty({ description: 'Product name' }) name: string;
  @ApiPropertyOptional({
    description:
      'The order’s short human number, unique (orders placed before numbers get theirs from a data migration)',
    example: 'TS-100234',
  })
  number?: string;
  @ApiPropertyOptional({ description: 'The buyer’s purchase order number, if they gave one' })
  purchaseOrder?: string;
  @ApiProperty() userName: string;
  @ApiProperty() img: string;
  @ApiProperty() email: string;
  @ApiProperty() address: string;
  @ApiProperty() phone: string;
  @ApiProperty() orderQuantity: number;
  @ApiProperty({ description: 'Whole dollars' }) totalPrice: number;
  @ApiPropertyOptional({
    description: 'Whole dollars a unit, from the price tiers (single-tool orders)',
  })
  unitPrice?: number;
  @ApiPropertyOptional({ description: 'Product SKU when ordered (single-tool orders)' })
  sku?: string;
  @ApiPropertyOptional({
    type: [OrderLineResponse],
    description:
      'A multi-line order (quick order): its lines; toolId, name and img are the first line’s, orderQuantity and totalPrice the sums',
  })
  lines?: OrderLineResponse[];
  @ApiProperty() paid: boolean;
  @ApiProperty() shipped: boolean;
  @ApiProperty({ enum: ORDER_STATES, description: 'Where the order is in its lifecycle' })
  state: OrderState;
  @ApiPropertyOptional({
    description:
      'A company member’s order: the company (its owners and approvers decide an order awaiting_approval)',
  })
  companyId?: string;
  @ApiPropertyOptional({
    description: 'An order on account: when its invoice is due (past it, the order is overdue)',
    format: 'date-time',
  })
  dueAt?: string;
  @ApiPropertyOptional({ description: 'A declined order: the company’s reason' })
  declineReason?: string;
  @ApiProperty({
    enum: Object.keys(ORDER_TRANSITIONS),
    isArray: true,
    description: 'What the asking user may do with the order now (their role’s lifecycle actions)',
  })
  allowedActions: OrderAction[];
  @ApiPropertyOptional({ description: 'The invoice issued when it was paid' })
  invoiceNumber?: number;
  @ApiPropertyOptional() transactionId?: string;
  @ApiProperty() createdAt: string;
  @ApiPropertyOptional({
    description: 'Unpaid orders: until when the stock is held; the order is then cancelled',
    format: 'date-time',
  })
  reservedUntil?: string;
  @ApiPropertyOptional({ description: 'Shipped orders: the carrier the admin entered' })
  carrier?: string;
  @ApiPropertyOptional({ description: 'Shipped orders: the tracking number the admin entered' })
  trackingNumber?: string;
  @ApiPropertyOptional({
    type: [OrderTimelineEntryResponse],
    description:
      'History, oldest first (placed, then each state entered); orders from before it have none',
  })
  timeline?: OrderTimelineEntryResponse[];
  @ApiPropertyOptional({
    type: [OrderRefundResponse],
    description: 'Its refunds, oldest first: some units or all (the order is then refunded)',
  })
  refunds?: OrderRefundResponse[];
  @ApiPropertyOptional({
    type: OrderReturnResponse,
    description: 'The customer’s latest return request',
  })
  return?: OrderReturnResponse;
}

export class DayStatsResponse {
  @ApiProperty({ example: '2026-11-21' }) day: string;
  @ApiProperty() orders: number;
  @ApiProperty({ description: 'Sum of totalPrice of the paid orders created that day' })
  revenue: number;
}

const ORDER_NUMBER_SEARCH_MESSAGE = `number must be part of an order number (TS-100234): at most ${ORDER_NUMBER_SEARCH_MAX_LENGTH} letters, digits, spaces or dashes`;

/** GET /orders?email= with optional paging, and the orders whose number holds `number`. */
export class OwnOrdersQuery extends IntersectionType(PageQuery, EmailQuery) {
  @ApiPropertyOptional({
    maxLength: ORDER_NUMBER_SEARCH_MAX_LENGTH,
    example: '100234',
    description: 'Only orders whose number holds this (TS-100234, 100234 or a part; any case)',
  })
  @IsOptional()
  @IsString({ message: ORDER_NUMBER_SEARCH_MESSAGE })
  @MaxLength(ORDER_NUMBER_SEARCH_MAX_LENGTH, { message: ORDER_NUMBER_SEARCH_MESSAGE })
  @Matches(/^[A-Za-z0-9 -]*$/, { message: ORDER_NUMBER_SEARCH_MESSAGE })
  number?: string;
}

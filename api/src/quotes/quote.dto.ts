import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import {
  BuyingMessages,
  QUOTE_LINES_MAX,
  QUOTE_MESSAGE_MAX_LENGTH,
  QUOTE_NOTE_MAX_LENGTH,
  QUOTE_STATES,
  QUOTE_VALIDITY_MAX_DAYS,
  quoteAnswerMessageError,
  quoteMessageError,
  quoteNoteError,
  quoteUnitPricesError,
  quoteValidUntilError,
  PRICE_MAX,
  type Quote,
  type QuoteAnswerInput,
  type QuoteLine,
  type QuoteMessage,
  type QuoteRequestInput,
  type QuoteState,
} from '@toolshop/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsOptional,
  ValidateNested,
} from 'class-validator';
import { FollowsRule } from '../common/contract-rule';
import { CreateOrderDto } from '../orders/order.dto';
import { OrderLineInputDto } from '../orders/quick-order.dto';

/** POST /quotes. */
export class QuoteRequestDto implements QuoteRequestInput {
  @ApiProperty({ type: [OrderLineInputDto], minItems: 1, maxItems: QUOTE_LINES_MAX })
  // The last broken rule's message is the one shown: a missing list says "add a line".
  @ArrayMaxSize(QUOTE_LINES_MAX, { message: BuyingMessages.tooManyLines })
  @ArrayMinSize(1, { message: BuyingMessages.noLines })
  @IsArray({ message: BuyingMessages.noLines })
  @ValidateNested({ each: true, message: BuyingMessages.lineFormat })
  @Type(() => OrderLineInputDto)
  lines: OrderLineInputDto[];

  @ApiPropertyOptional({ maxLength: QUOTE_NOTE_MAX_LENGTH, example: 'Delivery in March' })
  @IsOptional()
  @FollowsRule('note', quoteNoteError)
  note?: string;
}

/** PATCH /quotes/{id}: the admin's answer. */
export class QuoteAnswerDto implements QuoteAnswerInput {
  @ApiProperty({
    type: [Number],
    minItems: 1,
    maxItems: QUOTE_LINES_MAX,
    description: `Whole dollars a unit (0–${PRICE_MAX}), one per line in the quote's order`,
    example: [90, 12],
  })
  @FollowsRule('unitPrices', quoteUnitPricesError)
  unitPrices: number[];

  @ApiProperty({
    format: 'date-time',
    description: `The prices hold until then: later than now, at most ${QUOTE_VALIDITY_MAX_DAYS} days ahead`,
  })
  @FollowsRule('validUntil', (value) => quoteValidUntilError(value))
  validUntil: string;

  @ApiPropertyOptional({
    maxLength: QUOTE_MESSAGE_MAX_LENGTH,
    description: 'Added to the messages',
  })
  @IsOptional()
  @FollowsRule('message', quoteAnswerMessageError)
  message?: string;
}

/** POST /quotes/{id}/messages. */
export class QuoteMessageInputDto {
  @ApiProperty({ maxLength: QUOTE_MESSAGE_MAX_LENGTH, example: 'Could you do 45 each for 200?' })
  @FollowsRule('text', quoteMessageError)
  text: string;
}

/** POST /quotes/{id}/accept: where to ship the order, as a quick order. */
export class QuoteAcceptDto extends PickType(CreateOrderDto, [
  'address',
  'phone',
  'userName',
  'purchaseOrder',
] as const) {}

export class QuoteListQuery {
  @ApiPropertyOptional({ enum: QUOTE_STATES, description: 'Only quotes in this state' })
  @IsOptional()
  @IsIn(QUOTE_STATES, { message: `state must be one of: ${QUOTE_STATES.join(', ')}` })
  state?: QuoteState;
}

export class QuoteLineResponse implements QuoteLine {
  @ApiProperty() toolId: string;
  @ApiProperty({ description: 'The product’s name when the quote was requested' }) name: string;
  @ApiPropertyOptional() sku?: string;
  @ApiProperty() quantity: number;
  @ApiPropertyOptional({ description: 'Whole dollars a unit, once answered' }) unitPrice?: number;
}

export class QuoteMessageResponse implements QuoteMessage {
  @ApiProperty({ enum: ['customer', 'shop'] }) from: 'customer' | 'shop';
  @ApiProperty() author: string;
  @ApiProperty() text: string;
  @ApiProperty({ format: 'date-time' }) at: string;
}

export class QuoteResponse implements Quote {
  @ApiProperty() _id: string;
  @ApiProperty({ description: 'Who asked' }) email: string;
  @ApiPropertyOptional({ description: 'The asker’s company: all its members see the quote' })
  companyId?: string;
  @ApiProperty({
    enum: QUOTE_STATES,
    description: 'An answered quote past validUntil reads as expired',
  })
  state: QuoteState;
  @ApiProperty({ type: [QuoteLineResponse] }) lines: QuoteLineResponse[];
  @ApiPropertyOptional() note?: string;
  @ApiProperty({ type: [QuoteMessageResponse] }) messages: QuoteMessageResponse[];
  @ApiPropertyOptional({ format: 'date-time' }) validUntil?: string;
  @ApiPropertyOptional({ description: 'Whole dollars at the quoted prices, once answered' })
  total?: number;
  @ApiPropertyOptional({ description: 'The order made when it was accepted' }) orderId?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

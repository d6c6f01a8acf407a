import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { PaymentIntentAnswer, PaymentStatusAnswer } from '@toolshop/contracts';
import { Type } from 'class-transformer';
import {
  Allow,
  IsEmail,
  IsInt,
  IsMongoId,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export class CreatePaymentIntentDto {
  @ApiProperty({ description: 'The order to pay', example: '6651f0c2a1b2c3d4e5f60718' })
  @IsMongoId({ message: 'Invalid order id' })
  orderId: string;

  @ApiPropertyOptional({
    description: 'Sent by the spec’s client; ignored: the server computes the amount',
  })
  @IsOptional()
  @IsNumber()
  totalPrice?: number;
}

export class PaymentIntentResponse implements PaymentIntentAnswer {
  @ApiProperty({ example: 'pi_3Q..._secret_...' }) clientSecret: string;
}

export class PaymentStatusResponse implements PaymentStatusAnswer {
  @ApiProperty({
    enum: ['paid', 'processing', 'unpaid'],
    description:
      'paid: do not pay again; processing: the money is on its way, do not pay again yet; unpaid: not charged, a retry is safe',
  })
  state: 'paid' | 'processing' | 'unpaid';

  @ApiProperty({ description: 'The order’s paid flag after the check' })
  paid: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'requires_payment_method',
    description: 'The provider’s PaymentIntent status; null when no payment was started',
  })
  intentStatus: string | null;

  @ApiPropertyOptional({ example: 'pi_3Q...', description: 'The payment id of a paid order' })
  transactionId?: string;
}

export class MarkPaidDto {
  @ApiProperty({
    description: 'The payment intent id returned by the card confirmation',
    example: 'pi_3Q...',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  transactionId: string;

  @ApiPropertyOptional({ description: 'Sent by the spec’s client; the route id is the order' })
  @Allow()
  order?: unknown;
}

export class PaymentsConfigResponse {
  @ApiProperty({ enum: ['stripe', 'test'] }) provider: 'stripe' | 'test';
  @ApiPropertyOptional({ example: 'pk_test_...' }) publishableKey?: string;
}

export class TestCardDto {
  @ApiProperty({ example: '4242 4242 4242 4242' })
  @IsString()
  @MaxLength(30)
  number: string;

  @ApiProperty({ example: 12 })
  @IsInt()
  @Min(0)
  @Max(99)
  expMonth: number;

  @ApiProperty({ example: 2034 })
  @IsInt()
  @Min(0)
  @Max(9999)
  expYear: number;

  @ApiProperty({ example: '123' })
  @IsString()
  @MaxLength(8)
  cvc: string;
}

export class BillingAddressDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(500) line1: string;
}

export class BillingDetailsDto {
  @ApiProperty() @IsEmail() email: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) name?: string;
  @ApiProperty({ type: BillingAddressDto })
  @ValidateNested()
  @Type(() => BillingAddressDto)
  address: BillingAddressDto;
}

/** Test provider only: what Stripe.js would send to Stripe when confirming a card payment. */
export class TestConfirmDto {
  @ApiProperty()
  @IsString()
  @Matches(/^pi_test_[\w-]+_secret_[\w-]+$/, { message: 'Invalid client secret' })
  clientSecret: string;

  @ApiProperty({ type: TestCardDto })
  @ValidateNested()
  @Type(() => TestCardDto)
  card: TestCardDto;

  @ApiProperty({ type: BillingDetailsDto })
  @ValidateNested()
  @Type(() => BillingDetailsDto)
  billingDetails: BillingDetailsDto;
}

export class TestConfirmResponse {
  @ApiProperty({ example: 'pi_test_...' }) id: string;
  @ApiProperty({ example: 'succeeded' }) status: string;
}

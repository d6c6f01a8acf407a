import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Req,
  type RawBodyRequest,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { PaymentMessages } from '@toolshop/contracts';
import type { FastifyRequest } from 'fastify';
import { OwnerOnly } from '../access/access.decorators';
import { Public } from '../auth/auth.decorators';
import { OrderBodyOwner, OrderParamOwner } from '../orders/order-owner';
import { ModifiedResponse } from '../common/answers.dto';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { RateLimit } from '../common/rate-limit.decorator';
import {
  CreatePaymentIntentDto,
  MarkPaidDto,
  PaymentIntentResponse,
  PaymentStatusResponse,
  PaymentsConfigResponse,
} from './payment.dto';
import { PaymentProvider } from './payment-provider';
import { PaymentsService } from './payments.service';
import { StripeWebhookService } from './stripe-webhook.service';
import { Idempotent } from '../common/idempotency';

/** Paying is the owner's alone: admins get no exception, and others' orders answer as missing ones. */
const ownOrder = (owner: typeof OrderBodyOwner | typeof OrderParamOwner) =>
  OwnerOnly(owner, PaymentMessages.orderNotFound, PaymentMessages.orderNotFound);

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly payments: PaymentsService,
    private readonly webhooks: StripeWebhookService,
  ) {}

  @Get('payments/config')
  @Public()
  @ApiOkResponse({ type: PaymentsConfigResponse, description: 'Which card form the browser shows' })
  config(): PaymentsConfigResponse {
    const { name, publishableKey } = this.provider;
    return publishableKey ? { provider: name, publishableKey } : { provider: name };
  }

  @Post('create-payment-intent')
  @Idempotent()
  @HttpCode(200)
  @ownOrder(OrderBodyOwner)
  @RateLimit('writes')
  @ApiOkResponse({ type: PaymentIntentResponse })
  @ApiInvalidInput
  @ApiConflictResponse({
    description:
      'The order is already paid, its payment is being processed, or its total cannot be paid by card',
    type: ErrorResponse,
  })
  async createPaymentIntent(@Body() body: CreatePaymentIntentDto): Promise<PaymentIntentResponse> {
    return { clientSecret: await this.payments.clientSecretFor(body.orderId) };
  }

  @Get('orders/:id/payment')
  @ownOrder(OrderParamOwner)
  @RateLimit('account')
  @ApiOperation({
    summary: 'The payment’s real state (order and provider), read before offering a retry',
  })
  @ApiOkResponse({ type: PaymentStatusResponse })
  @ApiBadRequestResponse({ description: 'Malformed order id', type: ErrorResponse })
  paymentStatus(@Param('id', ParseObjectIdPipe) id: string): Promise<PaymentStatusResponse> {
    return this.payments.status(id);
  }

  @Patch('orders/:id')
  @Idempotent()
  @ownOrder(OrderParamOwner)
  @RateLimit('writes')
  @ApiOkResponse({
    type: ModifiedResponse,
    description: 'modifiedCount 0 when the payment was already recorded',
  })
  @ApiBadRequestResponse({
    description: 'Invalid input or malformed id, or the payment is not this order’s',
    type: ErrorResponse,
  })
  @ApiResponse({
    status: 402,
    description: 'The payment has not succeeded (yet)',
    type: ErrorResponse,
  })
  @ApiConflictResponse({
    description: 'Paid with another payment, or no payment started',
    type: ErrorResponse,
  })
  markPaid(
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() body: MarkPaidDto,
  ): Promise<ModifiedResponse> {
    return this.payments.confirmPaid(id, body.transactionId);
  }

  @Post('payments/webhook')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Stripe webhook (payment_intent.succeeded); called by Stripe, not by browsers',
  })
  @ApiHeader({
    name: 'stripe-signature',
    required: true,
    description: 'Verified against the raw body',
  })
  @ApiOkResponse({ description: '{ received: true }; repeated deliveries are applied once' })
  @ApiBadRequestResponse({
    description: 'Missing or invalid Stripe signature',
    type: ErrorResponse,
  })
  @ApiNotFoundResponse({
    description: 'Webhooks are not configured (no STRIPE_WEBHOOK_SECRET)',
    type: ErrorResponse,
  })
  async webhook(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true }> {
    await this.webhooks.handle(request.rawBody, signature);
    return { received: true };
  }
}

import { PaymentMessages } from '@toolshop/contracts';
import {
  Body,
  Controller,
  HttpCode,
  HttpException,
  HttpStatus,
  NotFoundException,
  Post,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ErrorResponse } from '../common/error-response.dto';
import { RateLimit } from '../common/rate-limit.decorator';
import { CardDeclinedError, UnknownPaymentIntentError } from './payment-errors';
import { TestConfirmDto, TestConfirmResponse } from './payment.dto';
import { TestPaymentProvider } from './test-payment-provider';
import { Public } from '../auth/auth.decorators';
import { Idempotent } from '../common/idempotency';

/**
 * Only mounted with the offline test provider: the browser's test card form confirms here, the
 * way Stripe.js confirms with Stripe. Card errors answer 402 with Stripe's message.
 */
@ApiTags('payments')
@Controller('payments/test')
@Public()
export class TestPaymentsController {
  constructor(private readonly provider: TestPaymentProvider) {}

  @Post('confirm')
  @Idempotent()
  @HttpCode(200)
  @RateLimit('writes')
  @ApiOkResponse({ type: TestConfirmResponse })
  @ApiResponse({
    status: 402,
    description: 'The card was declined (Stripe’s message)',
    type: ErrorResponse,
  })
  @ApiBadRequestResponse({ description: 'Invalid input', type: ErrorResponse })
  @ApiNotFoundResponse({ description: 'No payment with this client secret', type: ErrorResponse })
  async confirm(@Body() body: TestConfirmDto): Promise<TestConfirmResponse> {
    try {
      const intent = await this.provider.confirmCardPayment(
        body.clientSecret,
        body.card,
        body.billingDetails,
      );
      return { id: intent.id, status: intent.status };
    } catch (error) {
      if (error instanceof CardDeclinedError)
        throw new HttpException(error.message, HttpStatus.PAYMENT_REQUIRED);
      if (error instanceof UnknownPaymentIntentError)
        throw new NotFoundException(PaymentMessages.paymentNotFound);
      throw error;
    }
  }
}

import {
  Logger,
  Module,
  type DynamicModule,
  type OnModuleInit,
  type Provider,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { getConnectionToken, MongooseModule } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { OrdersModule } from '../orders/orders.module';
import { OrderPayments } from '../orders/order-payments';
import { PayableOrdersService } from '../orders/payable-orders.service';
import { PayableOrders } from './payable-orders';
import { PaymentEvent, PaymentEventSchema } from './payment-event.schema';
import { PaymentProvider } from './payment-provider';
import type { PaymentsConfig } from '../config/payments-config';
import { PaymentsController } from './payments.controller';
import { PaymentsService } from './payments.service';
import { StripePaymentProvider } from './stripe-payment-provider';
import { StripeWebhookService } from './stripe-webhook.service';
import { MongoIntentStore } from './test-payment-intents';
import { TestPaymentProvider } from './test-payment-provider';
import { TestPaymentsController } from './test-payments.controller';
import { keepWebhookRawBody } from './webhook-raw-body';
import { MongoWebhookEvents, WebhookEvents } from './webhook-events';

/**
 * Card payments. Depends on orders (PayableOrders is PayableOrdersService) and provides orders'
 * OrderPayments port, so cancelling an order first cancels its payment. The provider is chosen once at boot (ApiConfig.payments); the test
 * provider's confirm route exists only when the test provider is in use.
 */
@Module({})
export class PaymentsModule implements OnModuleInit {
  private readonly logger = new Logger(PaymentsModule.name);

  static register(config: PaymentsConfig): DynamicModule {
    const stripe =
      config.provider === 'stripe' && config.stripe
        ? new StripePaymentProvider(config.stripe)
        : undefined;
    // The test provider keeps its intents in the API's database, shared by every API process.
    const chosen: Provider[] = stripe
      ? [{ provide: PaymentProvider, useValue: stripe }]
      : [
          {
            provide: TestPaymentProvider,
            useFactory: (connection: Connection) =>
              new TestPaymentProvider(new MongoIntentStore(connection)),
            inject: [getConnectionToken()],
          },
          { provide: PaymentProvider, useExisting: TestPaymentProvider },
        ];
    return {
      module: PaymentsModule,
      imports: [
        MongooseModule.forFeature([{ name: PaymentEvent.name, schema: PaymentEventSchema }]),
        OrdersModule,
      ],
      controllers: stripe ? [PaymentsController] : [PaymentsController, TestPaymentsController],
      providers: [
        ...chosen,
        // Type-checked binding: PayableOrdersService has the shape payments asks for.
        {
          provide: PayableOrders,
          useFactory: (orders: PayableOrdersService): PayableOrders => orders,
          inject: [PayableOrdersService],
        },
        { provide: OrderPayments, useExisting: PaymentsService },
        { provide: WebhookEvents, useClass: MongoWebhookEvents },
        PaymentsService,
        StripeWebhookService,
      ],
      // Global only to hand orders its port: OrdersModule cannot import this module (it imports OrdersModule).
      global: true,
      exports: [OrderPayments],
    };
  }

  constructor(
    private readonly provider: PaymentProvider,
    private readonly payments: PaymentsService,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    this.logger.log(`card payments: ${this.provider.name} provider`);
    const fastify = this.adapterHost.httpAdapter?.getInstance() as FastifyInstance | undefined;
    if (this.provider instanceof StripePaymentProvider && fastify) keepWebhookRawBody(fastify);
    // The offline provider has no webhooks: it reports successes directly, with the same effect.
    if (this.provider instanceof TestPaymentProvider) {
      this.provider.onSucceeded(async (intent) => {
        try {
          await this.payments.settleSucceededIntent(intent);
        } catch (error) {
          this.logger.error(`settling ${intent.id} failed: ${(error as Error).message}`);
        }
      });
    }
  }
}

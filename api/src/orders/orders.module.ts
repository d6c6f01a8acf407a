import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CompaniesModule } from '../companies/companies.module';
import { CompanyPricesModule } from '../companies/company-prices.module';
import { DatabaseLocks } from '../common/lease-locks';
import { ToolsModule } from '../tools/tools.module';
import { AdminOrdersController } from './admin-orders.controller';
import { AdminOrdersExportController } from './admin-orders-export.controller';
import { Order, OrderSchema } from './order.schema';
import { OrderAccounts } from './order-accounts';
import { OrderAccountsController } from './order-accounts.controller';
import { OrderApprovals } from './order-approvals';
import { OrderApprovalsController } from './order-approvals.controller';
import { OrderCancellation } from './order-cancellation';
import { OrderExpiry } from './order-expiry';
import { OrderRefunds } from './order-refunds';
import { OrderRefundsController } from './order-refunds.controller';
import { OrderReturns } from './order-returns';
import { OrderReturnsController } from './order-returns.controller';
import { OrderBodyOwner, OrderParamOwner } from './order-owner';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';
import { AdminOrdersService } from './admin-orders.service';
import { CancelableOrders } from './cancelable-orders';
import { ExpiryReminders } from './expiry-reminders';
import { OrderNotifications } from '../notifications/order-notifications';
import { OrderChanges } from './order-changes';
import { OrderNumbers } from './order-numbers';
import { PayableOrdersService } from './payable-orders.service';
import { QuickOrdersController } from './quick-orders.controller';
import { QuotedOrders } from './quoted-orders';
import { UnpaidOrderSlot, UnpaidOrderSlotSchema, UnpaidOrderSlots } from './unpaid-order-slots';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Order.name, schema: OrderSchema },
      { name: UnpaidOrderSlot.name, schema: UnpaidOrderSlotSchema },
    ]),
    ToolsModule,
    CompaniesModule,
    CompanyPricesModule,
  ],
  controllers: [
    OrdersController,
    QuickOrdersController,
    AdminOrdersController,
    AdminOrdersExportController,
    OrderRefundsController,
    OrderReturnsController,
    OrderApprovalsController,
    OrderAccountsController,
  ],
  // OrderPayments comes from PaymentsModule (global): payments depends on orders, not back.
  providers: [
    OrdersService,
    AdminOrdersService,
    PayableOrdersService,
    CancelableOrders,
    OrderChanges,
    OrderNumbers,
    OrderCancellation,
    OrderApprovals,
    OrderAccounts,
    DatabaseLocks,
    OrderRefunds,
    OrderReturns,
    OrderExpiry,
    ExpiryReminders,
    OrderNotifications,
    UnpaidOrderSlots,
    QuotedOrders,
    OrderParamOwner,
    OrderBodyOwner,
  ],
  exports: [PayableOrdersService, QuotedOrders],
})
export class OrdersModule {}

import { Global, Module } from '@nestjs/common';
import { OrderInvoicing } from '../orders/order-invoicing';
import { MongooseModule } from '@nestjs/mongoose';
import {
  InvoiceBuyerView,
  InvoiceBuyerViewSchema,
  InvoicedOrderView,
  InvoicedOrderViewSchema,
} from './invoice-sources';
import { CreditNote, CreditNoteSchema, Invoice, InvoiceSchema } from './invoice.schema';
import { InvoicesController } from './invoices.controller';
import { InvoicesService } from './invoices.service';

/**
 * GET /orders/{id}/invoice.pdf, and the invoice issued when an order is paid (the OrderInvoicing
 * port). Reads orders and profiles; owns the invoices collection.
 */
@Global()
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Invoice.name, schema: InvoiceSchema },
      { name: CreditNote.name, schema: CreditNoteSchema },
      { name: InvoicedOrderView.name, schema: InvoicedOrderViewSchema },
      { name: InvoiceBuyerView.name, schema: InvoiceBuyerViewSchema },
    ]),
  ],
  controllers: [InvoicesController],
  providers: [InvoicesService, { provide: OrderInvoicing, useExisting: InvoicesService }],
  exports: [OrderInvoicing],
})
export class InvoicesModule {}

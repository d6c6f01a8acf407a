import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import {
  InvoiceBuyerView,
  InvoiceBuyerViewSchema,
  InvoicedOrderView,
  InvoicedOrderViewSchema,
} from './invoice-sources';
import { Invoice, InvoiceSchema } from './invoice.schema';
import { InvoicesController } from './invoices.controller';
import { InvoicesService } from './invoices.service';

/** GET /orders/{id}/invoice.pdf (issue 15). Reads orders and profiles; owns the invoices collection. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: Invoice.name, schema: InvoiceSchema },
      { name: InvoicedOrderView.name, schema: InvoicedOrderViewSchema },
      { name: InvoiceBuyerView.name, schema: InvoiceBuyerViewSchema },
    ]),
  ],
  controllers: [InvoicesController],
  providers: [InvoicesService],
})
export class InvoicesModule {}

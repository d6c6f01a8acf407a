import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { formatCreditNoteNumber, invoiceFilename } from '@toolshop/contracts';
import type { FastifyReply } from 'fastify';
import { OwnerOrAdmin } from '../access/access.decorators';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { OrderParamOwner } from '../orders/order-owner';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf';
import { InvoicesService } from './invoices.service';

@ApiTags('orders')
@Controller('orders')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  /** Issued on the first request (the next invoice number), the same invoice on every later one. */
  @Get(':id/invoice.pdf')
  // PDF for the file only: the refusals are the API's JSON errors.
  @ApiOkResponse({
    description:
      'The invoice of a paid order (owner or admin) as a PDF: its sequential number, seller, buyer (with company and tax id from the profile), the line, total and transaction id',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiInvalidInput
  @OwnerOrAdmin(OrderParamOwner)
  @ApiConflictResponse({ description: 'The order is not paid yet', type: ErrorResponse })
  async invoice(
    @Param('id', ParseObjectIdPipe) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const invoice = await this.invoices.invoiceOf(id);
    const pdf = await renderInvoicePdf(invoice);
    void reply.header('Cache-Control', 'private, no-store');
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="${invoiceFilename(invoice._id)}"`,
      length: pdf.length,
    });
  }

  @Get(':id/credit-note.pdf')
  @ApiOkResponse({
    description:
      'The credit note of a refunded order (owner or admin) as a PDF: its own sequential number, the invoice it undoes, the buyer and lines of that invoice, negative, and the refund id',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiInvalidInput
  @OwnerOrAdmin(OrderParamOwner)
  @ApiConflictResponse({ description: 'The order was not refunded', type: ErrorResponse })
  async creditNote(
    @Param('id', ParseObjectIdPipe) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const note = await this.invoices.creditNoteOf(id);
    const pdf = await renderCreditNotePdf(note);
    void reply.header('Cache-Control', 'private, no-store');
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="credit-note-${formatCreditNoteNumber(note._id)}.pdf"`,
      length: pdf.length,
    });
  }
}

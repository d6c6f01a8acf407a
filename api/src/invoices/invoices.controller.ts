import { Controller, Get, Param, Query, Res, StreamableFile } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { formatCreditNoteNumber, invoiceFilename } from '@toolshop/contracts';
import type { FastifyReply } from 'fastify';
import { OwnerOrAdmin } from '../access/access.decorators';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { OrderParamOwner } from '../orders/order-owner';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf';
import { InvoicesService } from './invoices.service';

const CREDIT_NOTE_NUMBER_MESSAGE = 'number must be a credit note number (a whole number from 1)';

/** GET /orders/{id}/credit-note.pdf?number=: one of an order's credit notes (one per refund). */
export class CreditNoteQuery {
  @ApiPropertyOptional({
    minimum: 1,
    description: 'Which of the order’s credit notes; without it, the latest',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: CREDIT_NOTE_NUMBER_MESSAGE })
  @Min(1, { message: CREDIT_NOTE_NUMBER_MESSAGE })
  @Max(Number.MAX_SAFE_INTEGER, { message: CREDIT_NOTE_NUMBER_MESSAGE })
  number?: number;
}

@ApiTags('orders')
@Controller('orders')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  /** Issued on the first request (the next invoice number), the same invoice on every later one. */
  @Get(':id/invoice.pdf')
  // PDF for the file only: the refusals are the API's JSON errors.
  @ApiOkResponse({
    description:
      'The invoice of a paid order, or of one on a company’s account with its due date (owner or admin), as a PDF: its sequential number, seller, buyer (with company and tax id from the profile), the line, total and transaction id',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiInvalidInput
  @OwnerOrAdmin(OrderParamOwner)
  @ApiConflictResponse({
    description: 'The order is not paid yet (nor on account)',
    type: ErrorResponse,
  })
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
      'A credit note of a refunded order (owner or admin) as a PDF, one per refund: its own sequential number, the invoice it undoes, the buyer, the refunded units of that invoice, negative, and the refund id',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiInvalidInput
  @OwnerOrAdmin(OrderParamOwner)
  @ApiConflictResponse({ description: 'The order was not refunded', type: ErrorResponse })
  @ApiNotFoundResponse({
    description: 'No such order, or no credit note of it with that number',
    type: ErrorResponse,
  })
  async creditNote(
    @Param('id', ParseObjectIdPipe) id: string,
    @Query() query: CreditNoteQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const note = await this.invoices.creditNoteOf(id, query.number);
    const pdf = await renderCreditNotePdf(note);
    void reply.header('Cache-Control', 'private, no-store');
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="credit-note-${formatCreditNoteNumber(note._id)}.pdf"`,
      length: pdf.length,
    });
  }
}

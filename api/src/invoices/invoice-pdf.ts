import { formatCount, formatDollars, formatInvoiceNumber, SELLER } from '@toolshop/contracts';
import PDFDocument from 'pdfkit';
import type { Invoice } from './invoice.schema';

const MARGIN = 54;
const BRAND = '#1d4ed8';
const MUTED = '#4b5563';
const RULE = '#d1d5db';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});
export const invoiceDate = (date: Date) => dateFormat.format(new Date(date));

/**
 * The standard PDF fonts (no font files to ship) write Windows-1252 only: other characters would
 * print as garbage, so they become "?" (names and addresses in Latin scripts print as they are).
 */
export function printable(text: string): string {
  return [...text.normalize('NFC')]
    .map((char) =>
      /[\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u20ac]/u.test(char)
        ? char
        : '?',
    )
    .join('');
}

type Doc = InstanceType<typeof PDFDocument>;

function block(doc: Doc, x: number, y: number, width: number, heading: string, lines: string[]) {
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(MUTED)
    .text(heading.toUpperCase(), x, y, { width });
  doc.moveDown(0.3).font('Helvetica').fontSize(10.5).fillColor('black');
  for (const line of lines) doc.text(printable(line), { width });
  return doc.y;
}

/**
 * The invoice as a US Letter PDF (pdfkit, standard fonts, compressed streams): one page, more for
 * an order of many lines.
 */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const number = formatInvoiceNumber(invoice._id);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: `Invoice ${number}`,
      Author: SELLER.name,
      Subject: `Invoice ${number} for order ${String(invoice.orderId)}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;
  const half = width / 2 - 12;

  // Heading: the seller's name, "Invoice" and its number and dates.
  doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND).text(SELLER.name, left, MARGIN);
  doc.font('Helvetica-Bold').fontSize(24).fillColor('black').text('INVOICE', left, MARGIN, {
    width,
    align: 'right',
  });
  const facts: [string, string][] = [
    ['Invoice number', number],
    ['Invoice date', invoiceDate(invoice.issuedAt)],
    ['Order date', invoiceDate(invoice.orderedAt)],
    ['Order', String(invoice.orderId)],
  ];
  let y = MARGIN + 44;
  for (const [label, value] of facts) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text(`${label}:`, left + half, y, {
        width: half / 2,
      });
    doc
      .font('Helvetica-Bold')
      .fillColor('black')
      .text(value, left + half + half / 2, y, {
        width: half / 2 + 24,
        align: 'right',
      });
    y += 15;
  }

  // Seller and buyer.
  const top = y + 24;
  const sellerEnd = block(doc, left, top, half, 'From', [
    SELLER.name,
    ...SELLER.addressLines,
    SELLER.phone,
    SELLER.email,
  ]);
  const { buyer } = invoice;
  const buyerEnd = block(doc, left + half + 24, top, half, 'Bill to', [
    ...(buyer.company ? [buyer.company] : []),
    buyer.name,
    buyer.address,
    buyer.email,
    buyer.phone,
    ...(buyer.taxId ? [`Tax ID: ${buyer.taxId}`] : []),
  ]);

  // The line.
  y = Math.max(sellerEnd, buyerEnd) + 30;
  const columns = [
    { label: 'Item', x: left, width: width - 270, align: 'left' as const },
    { label: 'Quantity', x: right - 270, width: 80, align: 'right' as const },
    { label: 'Unit price', x: right - 180, width: 90, align: 'right' as const },
    { label: 'Amount', x: right - 90, width: 90, align: 'right' as const },
  ];
  doc.rect(left, y - 6, width, 22).fill('#eff6ff');
  doc.font('Helvetica-Bold').fontSize(10).fillColor('black');
  for (const column of columns) {
    doc.text(column.label, column.x + (column.align === 'left' ? 6 : -6), y, {
      width: column.width,
      align: column.align,
    });
  }
  y += 26;
  const rows = invoice.lines?.map((line) => ({
    ...line,
    amount: line.quantity * line.unitPrice,
  })) ?? [{ ...invoice.line, amount: invoice.total }];
  doc.font('Helvetica').fontSize(10.5);
  for (const row of rows) {
    // A long order goes on over more pages, leaving room for the total and the footer.
    if (y > doc.page.height - MARGIN - 120) {
      doc.addPage();
      y = MARGIN;
    }
    const cells = [
      printable(row.description),
      formatCount(row.quantity),
      formatDollars(row.unitPrice),
      formatDollars(row.amount),
    ];
    let rowEnd = y;
    columns.forEach((column, index) => {
      doc.text(cells[index] ?? '', column.x + (column.align === 'left' ? 6 : -6), y, {
        width: column.width,
        align: column.align,
      });
      rowEnd = Math.max(rowEnd, doc.y);
    });
    y = rowEnd + (rows.length > 1 ? 4 : 10);
  }
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();

  // Total and payment.
  y += 12;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Total (USD)', right - 270, y, {
      width: 170,
      align: 'right',
    });
  doc.text(formatDollars(invoice.total), right - 96, y, { width: 90, align: 'right' });
  y += 30;
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(`Paid in full by card. Transaction ID: ${invoice.transactionId}`, left, y, { width });
  doc.moveDown(0.4).text('All amounts in US dollars.', { width });

  // Footer.
  doc
    .fontSize(9)
    .text(
      `${SELLER.name} · ${SELLER.addressLines.join(', ')} · ${SELLER.email}`,
      left,
      doc.page.height - MARGIN - 12,
      { width, align: 'center', lineBreak: false },
    );

  doc.end();
  return done;
}

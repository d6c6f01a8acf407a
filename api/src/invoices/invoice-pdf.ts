import {
  formatCount,
  formatCreditNoteNumber,
  formatDollars,
  formatInvoiceNumber,
  SELLER,
} from '@toolshop/contracts';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { CreditNote, Invoice } from './invoice.schema';

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
 * The fonts: DejaVu Sans (embedded, subset to the characters used), which covers Latin with its
 * accents (Zoë, Łukasiewicz, Đorđe), Greek, Cyrillic and €; the standard PDF fonts write only
 * Windows-1252, so such names printed as "?" before. Chinese and Japanese characters, which DejaVu
 * lacks, come from Noto Sans SC, read only for an invoice that has such a text. Read once.
 */
type Weight = 'body' | 'bold';
const FONT_FILES: Record<'dejavu' | 'cjk', Record<Weight, string>> = {
  dejavu: {
    body: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
    bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  },
  cjk: {
    body: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
};
const fontFiles = new Map<string, Buffer>();
const fontFile = (path: string) => {
  if (!fontFiles.has(path)) fontFiles.set(path, readFileSync(require.resolve(path)));
  return fontFiles.get(path)!;
};
const BODY = 'Body';
const BOLD = 'Bold';
const CJK = { body: 'CjkBody', bold: 'CjkBold' } as const;

interface GlyphCoverage {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
// fontkit (pdfkit's font reader) ships no types; only this is used.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { create: readFont } = require('fontkit') as { create(file: Buffer): GlyphCoverage };
let dejavuCoverage: GlyphCoverage | undefined;
const dejavuHas = (codePoint: number) =>
  (dejavuCoverage ??= readFont(fontFile(FONT_FILES.dejavu.body))).hasGlyphForCodePoint(codePoint);

/**
 * A text cut where its font changes: DejaVu where it has the glyph, Noto Sans SC for the rest
 * (spaces and punctuation stay with the run they are in).
 */
export function fontRuns(text: string): Array<{ cjk: boolean; text: string }> {
  const runs: Array<{ cjk: boolean; text: string }> = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const previous = runs.at(-1);
    const cjk = /\s/.test(char) && previous ? previous.cjk : !dejavuHas(codePoint);
    if (previous && previous.cjk === cjk) previous.text += char;
    else runs.push({ cjk, text: char });
  }
  return runs;
}

/**
 * The printed lines of a text: one per line break (a two-line address prints on two lines),
 * composed (NFC), without control characters or blank lines.
 */
export function printedLines(text: string): string[] {
  return text
    .normalize('NFC')
    .split(/\r\n|[\n\r\u2028\u2029\v\f]/)
    .map((line) => line.replace(/[\p{Cc}\p{Cf}]/gu, '').trim())
    .filter(Boolean);
}

/** A text that must stay on one line (a product name): its line breaks become spaces. */
const oneLine = (text: string) => printedLines(text).join(' ');

type Doc = InstanceType<typeof PDFDocument>;

type TextOptions = PDFKit.Mixins.TextOptions;

const registered = new WeakMap<Doc, Set<string>>();
/** A font the document embeds only once it writes with it. */
function registerOnce(doc: Doc, name: string, path: string) {
  const names = registered.get(doc) ?? new Set<string>();
  registered.set(doc, names);
  if (names.has(name)) return;
  doc.registerFont(name, fontFile(path));
  names.add(name);
}

/** Writes a customer's text (a name, an address, a product) in the fonts that have its characters. */
function customerText(
  doc: Doc,
  text: string,
  weight: Weight,
  at: { x: number; y: number } | undefined,
  options: TextOptions,
) {
  const runs = fontRuns(text);
  runs.forEach((run, index) => {
    if (run.cjk) registerOnce(doc, CJK[weight], FONT_FILES.cjk[weight]);
    doc.font(run.cjk ? CJK[weight] : weight === 'bold' ? BOLD : BODY);
    const continued = index < runs.length - 1;
    if (index === 0 && at) doc.text(run.text, at.x, at.y, { ...options, continued });
    else doc.text(run.text, { ...options, continued });
  });
  doc.font(weight === 'bold' ? BOLD : BODY);
}

function block(doc: Doc, x: number, y: number, width: number, heading: string, lines: string[]) {
  doc.font(BOLD).fontSize(9).fillColor(MUTED).text(heading.toUpperCase(), x, y, { width });
  doc.moveDown(0.3).font(BODY).fontSize(10.5).fillColor('black');
  for (const line of lines.flatMap(printedLines))
    customerText(doc, line, 'body', undefined, { width });
  return doc.y;
}

/** What differs between an invoice and a credit note (which undoes one, in whole). */
interface DocumentKind {
  title: string;
  name: string;
  number: string;
  /** Printed under the facts: the invoice a credit note undoes. */
  refers?: [string, string];
  /** The sign amounts are printed with. */
  sign: 1 | -1;
  settlement: string;
}

const invoiceKind = (invoice: Invoice): DocumentKind => ({
  title: 'INVOICE',
  name: 'Invoice',
  number: formatInvoiceNumber(invoice._id),
  sign: 1,
  settlement: invoice.dueAt
    ? `On account: payment due by ${invoiceDate(invoice.dueAt)}.`
    : `Paid in full by card. Transaction ID: ${invoice.transactionId}`,
});

/** A credit note: the refunded invoice's buyer and lines, negative, with its own number. */
export function renderCreditNotePdf(note: CreditNote): Promise<Buffer> {
  return renderDocument(note, {
    title: 'CREDIT NOTE',
    name: 'Credit note',
    number: formatCreditNoteNumber(note._id),
    refers: ['Credits invoice', formatInvoiceNumber(note.invoiceNumber)],
    sign: -1,
    settlement: `Refunded to the card paid with (transaction ${note.transactionId}). Refund ID: ${note.refundId}`,
  });
}

/**
 * The invoice as a US Letter PDF (pdfkit, DejaVu Sans embedded, compressed streams): one page,
 * more for an order of many lines.
 */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  return renderDocument(invoice, invoiceKind(invoice));
}

/**
 * The document's lines under a header row (item, quantity, unit price, amount; a SKU under its
 * item), over more pages when long, closed by a rule: answers where the rule is.
 */
function drawLines(
  doc: Doc,
  invoice: Invoice,
  money: (dollars: number) => string,
  at: { left: number; right: number; y: number },
): number {
  const { left, right } = at;
  const width = right - left;
  let { y } = at;
  const columns = [
    { label: 'Item', x: left, width: width - 270, align: 'left' as const },
    { label: 'Quantity', x: right - 270, width: 80, align: 'right' as const },
    { label: 'Unit price', x: right - 180, width: 90, align: 'right' as const },
    { label: 'Amount', x: right - 90, width: 90, align: 'right' as const },
  ];
  doc.rect(left, y - 6, width, 22).fill('#eff6ff');
  doc.font(BOLD).fontSize(10).fillColor('black');
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
  doc.font(BODY).fontSize(10.5);
  for (const row of rows) {
    // A long order goes on over more pages, leaving room for the total and the footer.
    if (y > doc.page.height - MARGIN - 120) {
      doc.addPage();
      y = MARGIN;
    }
    const cells = [
      oneLine(row.description),
      formatCount(row.quantity),
      money(row.unitPrice),
      money(row.amount),
    ];
    let rowEnd = y;
    columns.forEach((column, index) => {
      const at = { x: column.x + (column.align === 'left' ? 6 : -6), y };
      customerText(doc, cells[index] ?? '', 'body', at, {
        width: column.width,
        align: column.align,
      });
      rowEnd = Math.max(rowEnd, doc.y);
    });
    if (row.sku) {
      doc
        .fontSize(9)
        .fillColor(MUTED)
        .text(`SKU ${oneLine(row.sku)}`, left + 6, rowEnd, {
          width: columns[0]!.width,
        });
      doc.fontSize(10.5).fillColor('black');
      rowEnd = doc.y;
    }
    y = rowEnd + (rows.length > 1 ? 4 : 10);
  }
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.75).strokeColor(RULE).stroke();
  return y;
}

function renderDocument(invoice: Invoice, kind: DocumentKind): Promise<Buffer> {
  const { number } = kind;
  const money = (dollars: number) => formatDollars(kind.sign * dollars);
  // The human order number once the order has one; the order's id before.
  const orderName = oneLine(String(invoice.orderNumber ?? invoice.orderId));
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: `${kind.name} ${number}`,
      Author: SELLER.name,
      // The order id, which the shop and its tests look the document up by.
      Subject: `${kind.name} ${number} for order ${String(invoice.orderId)}`,
    },
  });
  doc.registerFont(BODY, fontFile(FONT_FILES.dejavu.body));
  doc.registerFont(BOLD, fontFile(FONT_FILES.dejavu.bold));
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
  doc.font(BOLD).fontSize(20).fillColor(BRAND).text(SELLER.name, left, MARGIN);
  doc.font(BOLD).fontSize(24).fillColor('black').text(kind.title, left, MARGIN, {
    width,
    align: 'right',
  });
  const facts: [string, string][] = [
    [`${kind.name} number`, number],
    [`${kind.name} date`, invoiceDate(invoice.issuedAt)],
    ...(kind.refers ? [kind.refers] : []),
    ['Order date', invoiceDate(invoice.orderedAt)],
    ...('dueAt' in invoice && invoice.dueAt
      ? [['Due date', invoiceDate(invoice.dueAt)] as [string, string]]
      : []),
    ['Order', orderName],
    ...(invoice.purchaseOrder
      ? [['PO number', oneLine(invoice.purchaseOrder)] as [string, string]]
      : []),
  ];
  let y = MARGIN + 44;
  // Labels left, values right-aligned: room for a 24-character order id in the wider DejaVu.
  const valueWidth = 190;
  for (const [label, value] of facts) {
    doc
      .font(BODY)
      .fontSize(10)
      .fillColor(MUTED)
      .text(`${label}:`, left + half - 40, y, { width: width - half + 40 - valueWidth });
    doc
      .font(BOLD)
      .fillColor('black')
      .text(value, right - valueWidth, y, { width: valueWidth, align: 'right', lineBreak: false });
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

  // The lines.
  y = drawLines(doc, invoice, money, { left, right, y: Math.max(sellerEnd, buyerEnd) + 30 });

  // Total and payment.
  y += 12;
  doc
    .font(BOLD)
    .fontSize(12)
    .text('Total (USD)', right - 270, y, {
      width: 170,
      align: 'right',
    });
  doc.text(money(invoice.total), right - 96, y, { width: 90, align: 'right' });
  y += 30;
  doc.font(BODY).fontSize(10).fillColor(MUTED);
  doc.text(kind.settlement, left, y, { width });
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

import { SELLER } from '@toolshop/contracts';
import { pdfText } from '../../test/support/pdf-text';
import { fontRuns, printedLines, renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf';
import type { Invoice } from './invoice.schema';
import { Types } from 'mongoose';

const invoice = (changes: Partial<Invoice> = {}): Invoice => ({
  _id: 42,
  orderId: new Types.ObjectId('65a000000000000000000042'),
  issuedAt: new Date('2026-11-20T10:00:00Z'),
  orderedAt: new Date('2026-11-19T10:00:00Z'),
  buyer: {
    name: 'Zoë Łukasiewicz',
    email: 'zoe@toolshop.test',
    address: '12 Workshop Lane\nPittsburgh, PA 15201',
    phone: '555-0100',
    company: 'Müller GmbH',
  },
  line: { description: 'Đorđe’s Cordless Drill', quantity: 2, unitPrice: 40 },
  total: 80,
  transactionId: 'pi_test_123',
  ...changes,
});

describe('renderInvoicePdf', () => {
  it('prints names in any Latin, Greek or Cyrillic script and €, as those characters', async () => {
    const text = pdfText(
      await renderInvoicePdf(
        invoice({
          lines: [
            { description: 'Đorđe’s Cordless Drill', sku: 'DRL-18V', quantity: 2, unitPrice: 40 },
            { description: 'Ελένη saw blade — Иван edition €', quantity: 1, unitPrice: 0 },
          ],
        }),
      ),
    );
    for (const expected of [
      'Zoë Łukasiewicz',
      'Müller GmbH',
      'Đorđe’s Cordless Drill',
      'Ελένη saw blade — Иван edition €',
      'SKU DRL-18V',
      SELLER.name,
      'INVOICE',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('?');
  });

  it('prints Chinese and Japanese names and addresses in a font that has them', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        buyer: {
          name: 'Zoë 张伟',
          email: 'zhang@toolshop.test',
          address: '北京市朝阳区\n建国路 88 号',
          phone: '555-0100',
          company: '山田工務店',
        },
        line: { description: '电钻 Cordless Drill', quantity: 1, unitPrice: 40 },
      }),
    );
    // One line per font run here (the reader starts a line at each text operator).
    const lines = pdfText(pdf).split('\n');
    for (const run of ['Zoë ', '张伟', '山田工務店', '电钻 ', 'Cordless Drill'])
      expect(lines).toContain(run);
    const street = lines.indexOf('北京市朝阳区');
    expect(lines.slice(street + 1, street + 4)).toEqual(['建国路 ', '88 ', '号']);
    // The glyphs are drawn from an embedded CJK font, not DejaVu's empty box.
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
    // An invoice without such text does not embed it.
    expect((await renderInvoicePdf(invoice())).toString('latin1')).not.toContain('NotoSansSC');
  });

  it('cuts a text where DejaVu lacks the characters', () => {
    expect(fontRuns('Zoë 张伟, Łódź')).toEqual([
      { cjk: false, text: 'Zoë ' },
      { cjk: true, text: '张伟' },
      { cjk: false, text: ', Łódź' },
    ]);
  });

  it('prints a two-line address on two lines', async () => {
    const lines = pdfText(await renderInvoicePdf(invoice())).split('\n');
    const street = lines.indexOf('12 Workshop Lane');
    expect(street).toBeGreaterThan(-1);
    expect(lines[street + 1]).toBe('Pittsburgh, PA 15201');
  });

  it('names the order by its human number when it has one, by its id before', async () => {
    expect(pdfText(await renderInvoicePdf(invoice()))).toContain('65a000000000000000000042');
    const numbered = pdfText(await renderInvoicePdf(invoice({ orderNumber: 1007 })));
    expect(numbered).toMatch(/Order:\n1007\n/);
    expect(numbered).not.toContain('65a000000000000000000042');
  });

  it('prints the buyer’s PO number when the order has one', async () => {
    expect(pdfText(await renderInvoicePdf(invoice()))).not.toContain('PO number');
    const withPo = pdfText(await renderInvoicePdf(invoice({ purchaseOrder: 'PO-2026/0417 #3' })));
    expect(withPo).toMatch(/PO number:\nPO-2026\/0417 #3\n/);
  });
});

describe('printedLines', () => {
  it('splits on every kind of line break and drops control characters and blank lines', () => {
    expect(printedLines(' 12 Workshop Lane\r\n\r\nPittsburgh\u2028PA\u0007 ')).toEqual([
      '12 Workshop Lane',
      'Pittsburgh',
      'PA',
    ]);
  });

  it('composes decomposed accents (NFC)', () => {
    expect(printedLines('Zoe\u0308')).toEqual(['Zoë']);
  });
});

describe('renderCreditNotePdf', () => {
  it('undoes its invoice: its own number, the invoice it credits, the same buyer and lines, negative', async () => {
    const text = pdfText(
      await renderCreditNotePdf({ ...invoice(), _id: 7, invoiceNumber: 42, refundId: 're_test_1' }),
    );
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('CN-000007');
    expect(text).toMatch(/Credits invoice:\s*INV-000042/);
    expect(text).toContain('Müller GmbH');
    expect(text).toContain('-$80');
    expect(text).toContain('Refund ID: re_test_1');
    expect(text).not.toContain('Paid in full');
  });

  it('prints the PO number of the invoice it credits', async () => {
    const note = {
      ...invoice({ purchaseOrder: 'WS-88' }),
      _id: 8,
      invoiceNumber: 42,
      refundId: 're_2',
    };
    expect(pdfText(await renderCreditNotePdf(note))).toMatch(/PO number:\nWS-88\n/);
  });
});

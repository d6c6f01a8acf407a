import { Types } from 'mongoose';
import { csvCell, csvRow, ORDER_CSV_HEADER, orderCsvFilename, orderCsvRow } from './order-csv';

describe('CSV cells', () => {
  it('quotes cells with quotes, commas and line breaks, doubling the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('12 "Main" St, Apt 4')).toBe('"12 ""Main"" St, Apt 4"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(129)).toBe('129');
  });

  it.each(['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'defuses the formula %j with a leading apostrophe',
    (text) => {
      const cell = csvCell(text);
      expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it.each(['+1 555-0100', '+44 (20) 7946.0958', '-12', '+1 555 0100'])(
    'keeps the phone number or signed number %j unaltered, quoted',
    (text) => {
      expect(csvCell(text)).toBe(`"${text}"`);
    },
  );

  it.each(['+1+1', '-2+3', '+1 555 A1', '-1*2', '+ ', '-', '+1 555\t', '+1,2', '-1/2'])(
    'still defuses %j, which is more than a number',
    (text) => {
      expect(csvCell(text).replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('writes rows with CRLF and dates in ISO form', () => {
    expect(csvRow(['a', new Date('2026-11-25T10:00:00Z'), 3])).toBe(
      'a,2026-11-25T10:00:00.000Z,3\r\n',
    );
  });

  /** A shipped single-tool order. */
  const order = {
    _id: 'o2',
    toolId: 't1',
    name: 'Drill',
    userName: 'Ann',
    email: 'a@b.c',
    address: '1 Main St',
    phone: '555',
    orderQuantity: 2,
    totalPrice: 258,
    paid: true,
    shipped: true,
    createdAt: new Date('2026-11-25T10:00:00Z'),
  };

  it('writes an order with its state (no number: an order from before numbers)', () => {
    const row = orderCsvRow({
      _id: 'o1',
      toolId: 't1',
      name: 'Drill',
      userName: '=cmd',
      email: 'a@b.c',
      address: '1 Main St',
      phone: '+1 555',
      orderQuantity: 2,
      totalPrice: 258,
      paid: true,
      shipped: false,
      transactionId: 'pi_1',
      createdAt: new Date('2026-11-25T10:00:00Z'),
    });
    expect(row).toBe(
      ',o1,2026-11-25T10:00:00.000Z,paid,Drill,,t1,2,258,\'=cmd,a@b.c,1 Main St,"+1 555",pi_1,,,\r\n',
    );
  });

  it('writes the SKU of a single-tool order, and a multi-line order’s lines’ SKUs', () => {
    expect(orderCsvRow({ ...order, number: 'TS-100002', sku: 'DRL-18V' })).toMatch(
      /^TS-100002,o2,[^,]+,shipped,Drill,DRL-18V,t1,/,
    );
    const lines = [
      { sku: 'DRL-18V', name: 'Drill' },
      { name: 'Old product' },
      { sku: 'JBL-TSH', name: 'Blades' },
    ].map((line) => ({
      ...line,
      toolId: new Types.ObjectId(),
      img: '',
      orderQuantity: 1,
      unitPrice: 1,
      totalPrice: 1,
    }));
    expect(orderCsvRow({ ...order, name: 'Drill and 2 more', lines })).toMatch(
      /,Drill and 2 more,DRL-18V JBL-TSH,t1,/,
    );
  });

  it('writes the buyer’s PO number last, guarded like any text', () => {
    expect(ORDER_CSV_HEADER.at(-1)).toBe('PO number');
    expect(orderCsvRow({ ...order, purchaseOrder: 'PO-2026/17 #B' })).toMatch(
      /,PO-2026\/17 #B\r\n$/,
    );
    expect(orderCsvRow({ ...order, purchaseOrder: '-12' })).toMatch(/,"-12"\r\n$/);
  });

  it('names the file after the filter and the UTC date', () => {
    const now = new Date('2026-11-25T23:00:00Z');
    expect(orderCsvFilename('paid', now)).toBe('orders-paid-2026-11-25.csv');
    expect(orderCsvFilename(undefined, now)).toBe('orders-all-2026-11-25.csv');
  });
});

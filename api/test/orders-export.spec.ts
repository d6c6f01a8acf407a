// GET /adminOrders/export.csv: the admin's current filter as a CSV download.
import { InputMessages } from '@toolshop/contracts';
import { CUSTOMER, TestApi } from './support/test-api';

let api: TestApi;
let toolId: string;
beforeAll(async () => {
  api = await TestApi.start();
  toolId = await api.insertTool({ name: 'Drill, "Pro" =2', price: 25 });
  // Its SKU, copied into each order (the SKU column).
  const { Types } = await import('mongoose');
  await api.db
    .collection('tools')
    .updateOne({ _id: new Types.ObjectId(toolId) }, { $set: { sku: 'EXP-DRILL' } });
});
afterAll(() => api.stop());

/** A minimal RFC 4180 reader: enough to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && char === '"') quoted = false;
    else if (quoted || (char !== '"' && char !== ',' && char !== '\r')) cell += char;
    else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++; // the \n of \r\n
    }
  }
  return rows;
}

const exportCsv = (query = '') =>
  api.request('GET', `/adminOrders/export.csv${query}`, { token: api.tokens.admin });

describe('GET /adminOrders/export.csv', () => {
  it('exports the orders of the filter, quoted and defused, as an attachment', async () => {
    const paid = await api.placeOrder(toolId, api.tokens.customer, 2);
    await api.markPaid(paid);
    const unpaid = await api.request('POST', '/orders', {
      token: api.tokens.other,
      body: { toolId, address: '=cmd|" /C calc"!A0, line\nbreak', phone: '@555', orderQuantity: 1 },
    });
    expect(unpaid.status).toBe(201);

    const answer = await fetch(`${api.url}/adminOrders/export.csv?state=paid`, {
      headers: { authorization: `Bearer ${api.tokens.admin}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="orders-paid-${today}.csv"`,
    );
    const text = await answer.text();
    expect(text.startsWith('\uFEFF')).toBe(false); // fetch's text() drops the BOM
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      'Order number',
      'Order id',
      'Created at',
      'State',
      'Product',
      'SKU',
      'Tool id',
      'Quantity',
      'Total (USD)',
      'Customer name',
      'Email',
      'Address',
      'Phone',
      'Transaction id',
      'Carrier',
      'Tracking number',
      'PO number',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      expect.stringMatching(/^TS-\d{6,}$/),
      paid,
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      'paid',
      'Drill, "Pro" =2',
      'EXP-DRILL',
      toolId,
      '2',
      '50',
      'Casey Customer',
      CUSTOMER,
      '1 Main St',
      '555-0100',
      'pi_test_123',
      '',
      '',
      '',
    ]);

    const all = parseCsv((await exportCsv()).body as string);
    expect(all.map((row) => row[1]).slice(1)).toEqual([unpaid.body.insertedId, paid]);
    const unpaidRow = all[1]!;
    expect(unpaidRow[3]).toBe('unpaid');
    expect(unpaidRow[11]).toBe('\'=cmd|" /C calc"!A0, line\nbreak');
    expect(unpaidRow[12]).toBe("'@555");
  });

  it('streams every matching order, past one page of the lists', async () => {
    const { Types } = await import('mongoose');
    const base = Date.now() - 86_400_000;
    await api.db.collection('orders').insertMany(
      Array.from({ length: 450 }, (_, i) => ({
        toolId: new Types.ObjectId(toolId),
        name: 'Bulk',
        userName: `Bulk ${i}`,
        img: '/images/x.webp',
        email: `bulk${i}@example.com`,
        address: 'Somewhere',
        phone: '555',
        orderQuantity: 1,
        totalPrice: 25,
        state: 'unpaid',
        paid: false,
        shipped: false,
        createdAt: new Date(base + i * 1000),
      })),
    );
    const rows = parseCsv((await exportCsv('?state=unpaid')).body as string);
    expect(rows).toHaveLength(1 + 451);
    expect(new Set(rows.slice(1).map((row) => row[1])).size).toBe(451);
    expect(rows.slice(1).every((row) => row[3] === 'unpaid')).toBe(true);
    expect(parseCsv((await exportCsv('?state=shipped')).body as string)).toHaveLength(1);
  });

  it('gives a shipped order the carrier and tracking number of its approval', async () => {
    const order = await api.placeOrder(toolId, api.tokens.customer, 2);
    await api.markPaid(order);
    const approved = await api.request('PATCH', `/adminOrders/${order}`, {
      token: api.tokens.admin,
      body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(approved.status).toBe(200);
    const rows = parseCsv((await exportCsv('?state=shipped')).body as string);
    expect(rows[0]!.slice(-3, -1)).toEqual(['Carrier', 'Tracking number']);
    const row = rows.find((cells) => cells[1] === order)!;
    expect(row[3]).toBe('shipped');
    expect(row.slice(-3, -1)).toEqual(['UPS', '1Z999AA10123456784']);
  });

  it('refuses an unknown filter with a clear message', async () => {
    const answer = await exportCsv('?state=lost');
    expect(answer.status).toBe(400);
    // Every lifecycle state by name (libs/contracts checks the message lists them all).
    expect([answer.body.message].flat()).toContain(InputMessages.orderState);
  });

  it('exports a phone number as the customer typed it, quoted, with no apostrophe', async () => {
    const placed = await api.request('POST', '/orders', {
      token: api.tokens.customer,
      body: { toolId, address: '2 Main St', phone: '+1 555-0100', orderQuantity: 1 },
    });
    expect(placed.status).toBe(201);
    const text = (await exportCsv('?state=unpaid')).body as string;
    const row = parseCsv(text).find((cells) => cells[1] === placed.body.insertedId);
    expect(row?.[12]).toBe('+1 555-0100');
    expect(text).toContain(',"+1 555-0100",');
  });
});

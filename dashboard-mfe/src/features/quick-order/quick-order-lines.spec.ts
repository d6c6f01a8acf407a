import { BuyingMessages, ORDER_LINES_MAX, ORDER_LINES_TEXT_MAX_LENGTH, type QuickOrderCheck } from '@toolshop/contracts';
import { isOrderable, lineRows, listLinesOf, orderLinesOf, readLines } from './quick-order-lines';

const drill = { toolId: 'a'.repeat(24), name: 'Cordless Drill', unitPrice: 129, lineTotal: 645 };

describe('readLines', () => {
  it('refuses nothing to send, too many lines and too long a text before anything is sent', () => {
    expect(readLines(' \n\n')).toEqual({ error: BuyingMessages.noLines });
    expect(readLines(Array.from({ length: ORDER_LINES_MAX + 1 }, (_, i) => `Tool ${i}, 1`).join('\n'))).toEqual({
      error: BuyingMessages.tooManyLines,
    });
    expect(readLines('x'.repeat(ORDER_LINES_TEXT_MAX_LENGTH + 1))).toEqual({ error: BuyingMessages.textTooLong });
  });

  it('reads the lines and keeps the unreadable ones with their line numbers', () => {
    const { parsed } = readLines('Cordless Drill, 5\nno quantity here\nSaw blade; two');
    expect(parsed?.lines).toEqual([{ lineNumber: 1, product: 'Cordless Drill', quantity: 5 }]);
    expect(parsed?.unreadable.map((line) => [line.lineNumber, line.problem])).toEqual([
      [2, BuyingMessages.lineFormat],
      [3, BuyingMessages.wholeQuantity],
    ]);
  });
});

describe('the check table and what is sent', () => {
  const parsed = readLines('Cordless Drill, 5\nbroken line\nCORDLESS DRILL, 10\nNope, 1').parsed!;
  const check: QuickOrderCheck = {
    lines: [
      { product: 'Cordless Drill', quantity: 5, ...drill },
      { product: 'CORDLESS DRILL', quantity: 10, ...drill, lineTotal: 1290, problem: BuyingMessages.listedTwice },
      { product: 'Nope', quantity: 1, problem: BuyingMessages.unknownProduct('Nope') },
    ],
    total: 645,
    orderable: false,
  };

  it('lists every line of the text in order: checked ones with the answer, unreadable ones with their problem', () => {
    const rows = lineRows(parsed, check);
    expect(rows.map((row) => [row.lineNumber, row.written, row.name, row.problem])).toEqual([
      [1, 'Cordless Drill', 'Cordless Drill', undefined],
      [2, 'broken line', undefined, BuyingMessages.lineFormat],
      [3, 'CORDLESS DRILL', 'Cordless Drill', BuyingMessages.listedTwice],
      [4, 'Nope', undefined, BuyingMessages.unknownProduct('Nope')],
    ]);
  });

  it('is orderable only when the API says so and every line of the text was read', () => {
    expect(isOrderable(parsed, check)).toBe(false);
    const clean = readLines('Cordless Drill, 5').parsed!;
    const ok: QuickOrderCheck = { lines: [{ product: 'Cordless Drill', quantity: 5, ...drill }], total: 645, orderable: true };
    expect(isOrderable(clean, ok)).toBe(true);
    expect(isOrderable(parsed, { ...check, orderable: true })).toBe(false);
    expect(orderLinesOf(ok)).toEqual([{ toolId: drill.toolId, quantity: 5 }]);
  });

  it('saves as a list each product found once, with its first quantity', () => {
    expect(listLinesOf(check.lines)).toEqual([{ toolId: drill.toolId, quantity: 5 }]);
  });
});

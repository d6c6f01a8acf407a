import {
  BuyingMessages,
  ORDER_LINES_MAX,
  ORDER_LINES_TEXT_MAX_LENGTH,
  parseOrderLines,
  type QuickOrderCheck,
} from '@toolshop/contracts';
import {
  isOrderable,
  lineRows,
  listLinesOf,
  mergeDuplicateLines,
  orderLinesOf,
  productPartAt,
  readLines,
  withLineQuantity,
  withProductAt,
} from './quick-order-lines';

const drill = { toolId: 'a'.repeat(24), name: 'Cordless Drill', unitPrice: 129, lineTotal: 645 };

describe('readLines', () => {
  it('refuses nothing to send, too many lines and too long a text before anything is sent', () => {
    expect(readLines(' \n\n')).toEqual({ error: BuyingMessages.noLines });
    expect(
      readLines(Array.from({ length: ORDER_LINES_MAX + 1 }, (_, i) => `Tool ${i}, 1`).join('\n')),
    ).toEqual({
      error: BuyingMessages.tooManyLines,
    });
    expect(readLines('x'.repeat(ORDER_LINES_TEXT_MAX_LENGTH + 1))).toEqual({
      error: BuyingMessages.textTooLong,
    });
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
      {
        product: 'CORDLESS DRILL',
        quantity: 10,
        ...drill,
        lineTotal: 1290,
        problem: BuyingMessages.listedTwice,
      },
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
    const ok: QuickOrderCheck = {
      lines: [{ product: 'Cordless Drill', quantity: 5, ...drill }],
      total: 645,
      orderable: true,
    };
    expect(isOrderable(clean, ok)).toBe(true);
    expect(isOrderable(parsed, { ...check, orderable: true })).toBe(false);
    expect(orderLinesOf(ok)).toEqual([{ toolId: drill.toolId, quantity: 5 }]);
  });

  it('saves as a list each product found once, with its first quantity', () => {
    expect(listLinesOf(check.lines)).toEqual([{ toolId: drill.toolId, quantity: 5 }]);
  });
});

describe('fixing lines', () => {
  it('rewrites one line with a new quantity, quoting a product with a separator', () => {
    expect(withLineQuantity('Cordless Drill, 12\n\nSaw, 3', 3, 'Saw', 10)).toBe(
      'Cordless Drill, 12\n\nSaw, 10',
    );
    expect(withLineQuantity('"Bits, 10 mm", 3', 1, 'Bits, 10 mm', 5)).toBe('"Bits, 10 mm", 5');
    expect(withLineQuantity('Saw, 3', 4, 'Saw', 10)).toBe('Saw, 3');
  });

  it('adds the later lines of a product into its first line and drops them', () => {
    const text = 'Cordless Drill, 10\nSaw, 5\ncordless drill, 20\nCordless Drill, 5';
    const { parsed } = readLines(text);
    const lines = parsed!.lines.map((line, i) => ({
      ...line,
      toolId: i === 1 ? 's'.repeat(24) : drill.toolId,
    }));
    const rows = lineRows(parsed!, { lines, total: 0, orderable: false });
    expect(mergeDuplicateLines(text, rows)).toBe('Cordless Drill, 35\nSaw, 5');
    expect(mergeDuplicateLines('Saw, 5', lineRows(readLines('Saw, 5').parsed!, undefined))).toBe(
      'Saw, 5',
    );
  });
});

describe('the typeahead’s product part', () => {
  const text = 'Cordless Drill, 5\ndrl\nJig, 3';
  it('is the part of the caret’s line before the quantity, while the caret is in it', () => {
    expect(productPartAt(text, 3)).toMatchObject({
      start: 0,
      end: 14,
      prefix: 'Cordless Drill',
      hasQuantity: true,
    });
    expect(productPartAt(text, 16)).toBeUndefined(); // in the quantity
    expect(productPartAt(text, 21)).toMatchObject({
      start: 18,
      end: 21,
      lineEnd: 21,
      prefix: 'drl',
      hasQuantity: false,
    });
    expect(productPartAt('DRL-18V — Cordless Drill Driver 18V, 5', 3)).toBeUndefined(); // already picked
    expect(productPartAt('   , 5', 1)).toBeUndefined();
  });

  it('is replaced by a pick, keeping the quantity or making room for one', () => {
    const typed = productPartAt(text, 21)!;
    expect(withProductAt(text, typed, 'DRL-18V — Cordless Drill Driver 18V')).toEqual({
      text: 'Cordless Drill, 5\nDRL-18V — Cordless Drill Driver 18V, \nJig, 3',
      caret: 18 + 'DRL-18V — Cordless Drill Driver 18V, '.length,
    });
    const withQuantity = productPartAt(text, 24)!;
    expect(withProductAt(text, withQuantity, 'JSW-650 — Jigsaw Pro 650 W').text).toBe(
      'Cordless Drill, 5\ndrl\nJSW-650 — Jigsaw Pro 650 W, 3',
    );
    // What it writes is read back as the product and quantity it shows.
    expect(parseOrderLines('DRL-18V — Cordless Drill Driver 18V, 12').lines).toEqual([
      { lineNumber: 1, product: 'DRL-18V — Cordless Drill Driver 18V', quantity: 12 },
    ]);
  });
});

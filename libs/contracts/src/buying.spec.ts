import {
  BuyingMessages,
  isValidQuantity,
  lineQuantityMessage,
  nearestValidQuantities,
  listNameError,
  ORDER_LINES_TEXT_MAX_LENGTH,
  PACK_SIZE_MAX,
  packSizeError,
  parseOrderLines,
  priceTiersError,
  quantityIssue,
  tierRows,
  unitPriceFor,
  validateNewTool,
} from './index';

const drill = {
  minOrder: 10,
  available: 480,
  price: 129,
  priceTiers: [
    { minQuantity: 50, price: 119 },
    { minQuantity: 200, price: 109 },
  ],
};
const blades = { minOrder: 10, available: 42, price: 12, packSize: 5 };

describe('unit prices from tiers', () => {
  it.each([
    [10, 129],
    [49, 129],
    [50, 119],
    [199, 119],
    [200, 109],
    [480, 109],
  ])('%i units cost $%i each', (quantity, price) => {
    expect(unitPriceFor(drill, quantity)).toBe(price);
  });

  it('one price without tiers', () => {
    expect(unitPriceFor({ price: 12 }, 1000)).toBe(12);
  });

  it('shows the tiers as ranges from the minimum order', () => {
    expect(tierRows(drill).map((row) => [row.label, row.priceLabel])).toEqual([
      ['10–49', '$129'],
      ['50–199', '$119'],
      ['200+', '$109'],
    ]);
    expect(tierRows({ minOrder: 0, price: 5 }).map((row) => row.label)).toEqual(['1+']);
  });
});

describe('quantities', () => {
  it.each([
    [10, undefined],
    [15, undefined],
    [40, undefined],
    [5, 'belowMinimum'],
    [12, 'packMultiple'],
    [45, 'aboveStock'],
    [0, 'notWhole'],
    [-5, 'notWhole'],
    [7.5, 'notWhole'],
    ['10', 'notWhole'],
    [2_000_000, 'tooLarge'],
  ])('%p of a pack of 5 (min 10, 42 in stock): %p', (quantity, issue) => {
    expect(quantityIssue(quantity, blades)).toBe(issue);
    expect(isValidQuantity(quantity, blades)).toBe(issue === undefined);
  });

  it('says what to order', () => {
    // From the minimum on (it offered 5 at a minimum of 10).
    expect(lineQuantityMessage('packMultiple', blades)).toBe(
      'Sold in packs of 5: order 10, 15, 20…',
    );
    expect(BuyingMessages.packMultiple(5)).toBe('Sold in packs of 5: order 5, 10, 15…');
    expect(BuyingMessages.packMultiple(5, 12)).toBe('Sold in packs of 5: order 15, 20, 25…');
    expect(lineQuantityMessage('belowMinimum', blades)).toBe('Below the minimum order of 10');
    expect(lineQuantityMessage('aboveStock', blades)).toBe('Only 42 in stock');
    expect(lineQuantityMessage('aboveStock', { ...blades, available: 0 })).toBe('Out of stock');
  });
});

describe('nearest valid quantities', () => {
  it.each([
    [12, { below: 10, above: 15 }],
    [3, { above: 10 }], // below the minimum: the minimum, never 0 or 5
    [10, {}],
    [41, { below: 40 }], // 45 is above the 42 in stock
    [100, { below: 40 }], // the most in stock, in whole packs
  ])('%p of a pack of 5 (min 10, 42 in stock): %p', (quantity, nearest) => {
    expect(nearestValidQuantities(quantity, blades)).toEqual(nearest);
  });
});

describe('pack sizes and tiers an admin sets', () => {
  it('takes a whole pack size the minimum order is a multiple of', () => {
    expect(packSizeError(undefined, 10)).toBeUndefined();
    expect(packSizeError(5, 10)).toBeUndefined();
    expect(packSizeError(5, 12)).toBe(BuyingMessages.minOrderInPacks(5));
    for (const bad of [0, -1, 2.5, '5', 10_001])
      expect(packSizeError(bad, 10)).toBe(BuyingMessages.packSize);
  });

  it('takes ascending tiers with prices that never increase', () => {
    expect(priceTiersError(undefined, 129)).toBeUndefined();
    expect(priceTiersError([], 129)).toBeUndefined();
    expect(priceTiersError(drill.priceTiers, 129)).toBeUndefined();
    expect(priceTiersError([{ minQuantity: 50, price: 129 }], 129)).toBeUndefined();
    expect(priceTiersError([{ minQuantity: 50, price: 130 }], 129)).toBe(BuyingMessages.tierPrice);
    expect(
      priceTiersError(
        [
          { minQuantity: 200, price: 109 },
          { minQuantity: 50, price: 119 },
        ],
        129,
      ),
    ).toBe(BuyingMessages.tierQuantity);
    expect(
      priceTiersError(
        [
          { minQuantity: 50, price: 109 },
          { minQuantity: 200, price: 119 },
        ],
        129,
      ),
    ).toBe(BuyingMessages.tierPrice);
    expect(
      priceTiersError(
        [
          { minQuantity: 50, price: 119 },
          { minQuantity: 50, price: 109 },
        ],
        129,
      ),
    ).toBe(BuyingMessages.tierQuantity);
    expect(priceTiersError([{ minQuantity: 1, price: 100 }], 129)).toBe(
      BuyingMessages.tierQuantity,
    );
    expect(priceTiersError([{ minQuantity: 50, price: 99.5 }], 129)).toBe(BuyingMessages.tierPrice);
    expect(priceTiersError([null], 129)).toBe(BuyingMessages.tierQuantity);
    expect(priceTiersError('cheap', 129)).toBe(BuyingMessages.tierQuantity);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ minQuantity: 10 + i, price: 100 - i }));
    expect(priceTiersError(eleven, 129)).toBe(BuyingMessages.tooManyTiers);
  });

  it('are part of a new product’s rules', () => {
    const tool = {
      name: 'Blades',
      img: '/images/a.webp',
      shortDescription: 'x',
      minOrder: 12,
      available: 40,
      price: 12,
    };
    expect(validateNewTool({ ...tool, packSize: 5 }).packSize).toBe(
      BuyingMessages.minOrderInPacks(5),
    );
    expect(
      validateNewTool({ ...tool, priceTiers: [{ minQuantity: 20, price: 13 }] }).priceTiers,
    ).toBe(BuyingMessages.tierPrice);
    expect(
      validateNewTool({ ...tool, packSize: 4, priceTiers: [{ minQuantity: 20, price: 11 }] }),
    ).toEqual({});
  });
});

describe('reading a pasted quick order or CSV', () => {
  it('reads names or ids with quantities, skipping blanks and a header', () => {
    const text =
      '\uFEFFProduct,Quantity\r\nCordless Drill Driver 18V, 50\n\n"Blade, jigsaw; T-shank",10\n64b000000000000000000001;5\nSaw\t20\n';
    expect(parseOrderLines(text)).toEqual({
      lines: [
        { lineNumber: 2, product: 'Cordless Drill Driver 18V', quantity: 50 },
        { lineNumber: 4, product: 'Blade, jigsaw; T-shank', quantity: 10 },
        { lineNumber: 5, product: '64b000000000000000000001', quantity: 5 },
        { lineNumber: 6, product: 'Saw', quantity: 20 },
      ],
      unreadable: [],
    });
  });

  it('keeps commas of a name when the quantity is the last field', () => {
    expect(parseOrderLines('Drill, cordless, 18V, 30').lines).toEqual([
      { lineNumber: 1, product: 'Drill, cordless, 18V', quantity: 30 },
    ]);
  });

  it('says which lines it cannot read and why', () => {
    expect(parseOrderLines('Drill\nSaw, many\nGrinder, 0\n, 5\nSander, 2.5').unreadable).toEqual([
      { lineNumber: 1, text: 'Drill', problem: BuyingMessages.lineFormat },
      { lineNumber: 2, text: 'Saw, many', problem: BuyingMessages.wholeQuantity },
      { lineNumber: 3, text: 'Grinder, 0', problem: BuyingMessages.wholeQuantity },
      { lineNumber: 4, text: ', 5', problem: BuyingMessages.lineFormat },
      { lineNumber: 5, text: 'Sander, 2.5', problem: BuyingMessages.wholeQuantity },
    ]);
  });
});

describe('quick-order refusals', () => {
  it('names the line, its product and the problem', () => {
    expect(BuyingMessages.lineProblem(3, 'Saw blade', BuyingMessages.packMultiple(5))).toBe(
      'Line 3 (Saw blade): Sold in packs of 5: order 5, 10, 15…',
    );
    expect(BuyingMessages.listedTwice).toBe('Listed twice: merge the lines');
  });
});

describe('messages', () => {
  it('state the limits they name', () => {
    expect(BuyingMessages.packSize).toContain(PACK_SIZE_MAX.toLocaleString('en-US'));
    expect(BuyingMessages.textTooLong).toContain(
      ORDER_LINES_TEXT_MAX_LENGTH.toLocaleString('en-US'),
    );
  });
});

describe('saved list names', () => {
  it('need a name of at most 60 characters', () => {
    expect(listNameError('Monthly consumables')).toBeUndefined();
    expect(listNameError('  ')).toBe(BuyingMessages.listNameRequired);
    expect(listNameError(7)).toBe(BuyingMessages.listNameRequired);
    expect(listNameError('x'.repeat(61))).toBe(BuyingMessages.listNameTooLong);
  });
});

import {
  allUnitsLeft,
  coversAll,
  namedUnits,
  refundAmountOf,
  refundedAmount,
  refundLinesProblem,
  unitsLeft,
  unitsText,
  type RefundableOrder,
} from './order-refunds';

const drill = { toolId: 'a'.repeat(24), name: 'Drill', orderQuantity: 3, totalPrice: 100 };
const saw = { toolId: 'b'.repeat(24), name: 'Saw', orderQuantity: 2, totalPrice: 50 };
const twoLines: RefundableOrder = {
  ...drill,
  orderQuantity: 5,
  totalPrice: 150,
  lines: [drill, saw],
};

describe('refunds of an order’s units', () => {
  it('counts the units still paid for per product', () => {
    const order = {
      ...twoLines,
      refunds: [{ amount: 33, lines: [{ toolId: drill.toolId, quantity: 1 }] }],
    };
    expect(unitsLeft(order).map((line) => line.left)).toEqual([2, 2]);
    expect(allUnitsLeft(order)).toEqual([
      { toolId: drill.toolId, quantity: 2 },
      { toolId: saw.toolId, quantity: 2 },
    ]);
    expect(refundedAmount(order)).toBe(33);
  });

  it('gives back each unit’s share, and exactly the rest with the last units', () => {
    const first = [{ toolId: drill.toolId, quantity: 1 }];
    expect(refundAmountOf(twoLines, first)).toBe(33);
    const after = { ...twoLines, refunds: [{ amount: 33, lines: first }] };
    expect(refundAmountOf(after, [{ toolId: drill.toolId, quantity: 1 }])).toBe(33);
    const rest = allUnitsLeft(after);
    expect(coversAll(after, rest)).toBe(true);
    expect(refundAmountOf(after, rest)).toBe(150 - 33);
  });

  it('treats a single-tool order as one line of its tool', () => {
    const single: RefundableOrder = { ...drill };
    expect(unitsLeft(single)).toEqual([
      { toolId: drill.toolId, name: 'Drill', ordered: 3, left: 3, totalPrice: 100 },
    ]);
    expect(coversAll(single, [{ toolId: drill.toolId, quantity: 2 }])).toBe(false);
    expect(refundAmountOf(single, [{ toolId: drill.toolId, quantity: 3 }])).toBe(100);
  });

  it('says why lines cannot be refunded', () => {
    const after = {
      ...twoLines,
      refunds: [{ amount: 50, lines: [{ toolId: saw.toolId, quantity: 2 }] }],
    };
    expect(refundLinesProblem(after, [{ toolId: 'c'.repeat(24), quantity: 1 }])).toBe(
      'This order has no such product',
    );
    expect(refundLinesProblem(after, [{ toolId: saw.toolId, quantity: 1 }])).toBe(
      'Saw is already refunded',
    );
    expect(refundLinesProblem(after, [{ toolId: drill.toolId, quantity: 4 }])).toBe(
      'Only 3 of Drill can still be refunded',
    );
    const twice = [
      { toolId: drill.toolId, quantity: 1 },
      { toolId: drill.toolId, quantity: 1 },
    ];
    expect(refundLinesProblem(after, twice)).toBe('Name each product once');
    expect(refundLinesProblem(after, [{ toolId: drill.toolId, quantity: 3 }])).toBeUndefined();
  });
});

describe('namedUnits', () => {
  it('names the units of each line by its product, and prints them as "1 × Drill"', () => {
    const order = {
      toolId: 'drill',
      name: 'Drill',
      lines: [
        { toolId: 'drill', name: 'Drill' },
        { toolId: 'saw', name: 'Saw' },
      ],
    };
    const units = namedUnits(order, [
      { toolId: 'saw', quantity: 2 },
      { toolId: 'drill', quantity: 1 },
    ]);
    expect(units).toEqual([
      { name: 'Saw', quantity: 2 },
      { name: 'Drill', quantity: 1 },
    ]);
    expect(unitsText(units)).toBe('2 × Saw, 1 × Drill');
    expect(namedUnits({ toolId: 'x', name: 'Hammer' }, [{ toolId: 'x', quantity: 3 }])).toEqual([
      { name: 'Hammer', quantity: 3 },
    ]);
    expect(unitsText(namedUnits(order, [{ toolId: 'gone', quantity: 1 }]))).toBe('1 × a product');
  });
});

import { BuyingMessages } from '@toolshop/contracts';
import { skuAndName } from '@toolshop/contracts';
import {
  checkedOrder,
  judgeLines,
  matchProduct,
  productParts,
  type LineTool,
} from './quick-order-check';

const drill: LineTool = {
  _id: 'd1',
  name: 'Cordless Drill Driver 18V',
  img: '/images/drill.webp',
  minOrder: 10,
  available: 480,
  price: 129,
  priceTiers: [
    { minQuantity: 50, price: 119 },
    { minQuantity: 200, price: 109 },
  ],
};
const blades: LineTool = {
  _id: 'b1',
  name: 'Jigsaw Blade Set T-Shank',
  img: '/images/jigsaw.webp',
  minOrder: 10,
  packSize: 5,
  available: 20,
  price: 12,
};
const catalog = new Map([
  ['d1', drill],
  ['cordless drill driver 18v', drill],
  ['b1', blades],
]);
const find = (product: string) => catalog.get(product.toLowerCase());

describe('judgeLines', () => {
  it('prices a member’s lines by the company list where it beats the tier, and says so', () => {
    const company = (toolId: string) =>
      toolId === 'd1' ? { discountPercent: 12.5 } : { fixedPrice: 13.5 };
    // The drill twice: a second line is still priced (it only has to be merged).
    const lines = judgeLines(
      [
        { product: 'd1', quantity: 10 },
        { product: 'Cordless Drill Driver 18V', quantity: 200 },
        { product: 'b1', quantity: 10 },
      ],
      find,
      undefined,
      company,
    ).map((verdict) => verdict.line);
    // 129 less 12.5 % = 112.875, to the cent: below the first tier's 129.
    expect(lines[0]).toMatchObject({ unitPrice: 112.88, lineTotal: 1128.8, companyPrice: true });
    // The 200+ tier (109) is lower than the company price: no note.
    expect(lines[1]).toMatchObject({ unitPrice: 109 });
    expect(lines[1]!.companyPrice).toBeUndefined();
    // A fixed price above the list price never raises it.
    expect(lines[2]).toMatchObject({ unitPrice: 12, lineTotal: 120 });
    expect(lines[2]!.companyPrice).toBeUndefined();
  });

  it('prices each orderable line from the tiers, in the order given', () => {
    const verdicts = judgeLines(
      [
        { product: 'b1', quantity: 15 },
        { product: '  CORDLESS drill driver 18v ', quantity: 50 },
      ],
      find,
    );
    expect(verdicts.map((verdict) => verdict.issue)).toEqual([undefined, undefined]);
    expect(verdicts.map((verdict) => verdict.line)).toEqual([
      {
        product: 'b1',
        quantity: 15,
        toolId: 'b1',
        name: 'Jigsaw Blade Set T-Shank',
        img: '/images/jigsaw.webp',
        packSize: 5,
        minOrder: 10,
        available: 20,
        unitPrice: 12,
        lineTotal: 180,
      },
      expect.objectContaining({ toolId: 'd1', packSize: 1, unitPrice: 119, lineTotal: 5950 }),
    ]);
    expect(checkedOrder(verdicts)).toMatchObject({ total: 180 + 5950, orderable: true });
  });

  it('names each line’s problem with the shared words, and the total leaves those lines out', () => {
    const verdicts = judgeLines(
      [
        { product: 'Hammer', quantity: 1 },
        { product: 'b1', quantity: 12 },
        { product: 'd1', quantity: 5 },
        { product: 'b1', quantity: 25 },
        { product: 'Cordless Drill Driver 18V', quantity: 10 },
        { product: 'd1', quantity: 2.5 },
      ],
      find,
    );
    expect(verdicts.map(({ issue, line }) => [issue, line.problem])).toEqual([
      ['unknownProduct', BuyingMessages.unknownProduct('Hammer')],
      ['packMultiple', BuyingMessages.packMultiple(5, 10)], // packs count from the minimum on
      ['belowMinimum', BuyingMessages.belowMinimum(10)],
      ['listedTwice', BuyingMessages.listedTwice],
      ['listedTwice', BuyingMessages.listedTwice],
      ['listedTwice', BuyingMessages.listedTwice],
    ]);
    // A line over the stock is priced (the customer sees what it would cost) but not orderable.
    const [over] = judgeLines([{ product: 'b1', quantity: 25 }], find);
    expect(over).toMatchObject({
      issue: 'aboveStock',
      line: { unitPrice: 12, lineTotal: 300, problem: BuyingMessages.notEnoughStock(20) },
    });
    expect(verdicts[5]!.line.unitPrice).toBeUndefined();
    expect(checkedOrder(verdicts)).toEqual({
      lines: verdicts.map((verdict) => verdict.line),
      total: 0,
      orderable: false,
    });
  });

  it('never calls an empty list orderable', () => {
    expect(checkedOrder([])).toEqual({ lines: [], total: 0, orderable: false });
  });
});

describe('matchProduct', () => {
  const driver = { _id: 'd1', name: 'Cordless Drill Driver 18V' };
  const hammer = { _id: 'h1', name: 'Cordless Hammer Drill' };
  const saw = { _id: 's1', name: 'Circular Saw 7-1/4"' };
  const tools = [driver, hammer, saw];

  it('takes a unique prefix in any case and spacing, as the hint "Cordless Drill, 5" reads', () => {
    expect(matchProduct('  cordless   DRILL ', tools)).toEqual({ tool: driver, suggestions: [] });
  });

  it('takes a small typo, and an id or the full name first', () => {
    expect(matchProduct('Cordles Drill', tools).tool).toBe(driver);
    expect(matchProduct('circular saw', tools).tool).toBe(saw);
    expect(matchProduct('h1', tools).tool).toBe(hammer);
  });

  it('does not pick one of an ambiguous prefix silently: it suggests them', () => {
    expect(matchProduct('Cordless', tools)).toEqual({ suggestions: [driver, hammer] });
  });

  it('suggests nothing for what is far from every name', () => {
    expect(matchProduct('Garden hose', tools)).toEqual({ suggestions: [] });
  });

  it('puts the suggestions on an unmatched line', () => {
    const [verdict] = judgeLines(
      [{ product: 'Cordless', quantity: 5 }],
      () => undefined,
      (product) =>
        matchProduct(product, [drill, blades, { ...drill, _id: 'd2', name: 'Cordless Saw' }])
          .suggestions,
    );
    expect(verdict?.issue).toBe('unknownProduct');
    expect(verdict?.line.suggestions).toEqual([
      { toolId: 'd1', name: 'Cordless Drill Driver 18V' },
      { toolId: 'd2', name: 'Cordless Saw' },
    ]);
  });
});

describe('productParts (SKU first)', () => {
  it('reads a SKU in any case, and the SKU and name of a "SKU — name" line', () => {
    expect(productParts(' drl-18v ')).toEqual({ sku: 'DRL-18V', name: 'drl-18v' });
    expect(productParts('DRL-18V — Cordless Drill Driver 18V')).toEqual({
      sku: 'DRL-18V',
      name: 'Cordless Drill Driver 18V',
    });
    expect(productParts('Cordless Drill')).toEqual({ name: 'Cordless Drill' });
  });

  it('reads back exactly what Order again and Order this list write', () => {
    const line = skuAndName({ sku: 'JBL-TSH', name: 'Jigsaw Blade Set T-Shank' });
    expect(line).toBe('JBL-TSH — Jigsaw Blade Set T-Shank');
    expect(productParts(line)).toEqual({ sku: 'JBL-TSH', name: 'Jigsaw Blade Set T-Shank' });
    expect(skuAndName({ name: 'Old Product' })).toBe('Old Product');
  });

  it('carries the SKU of a matched line and of each suggestion', () => {
    const withSku = { ...drill, sku: 'DRL-18V' };
    const [matched] = judgeLines([{ product: 'DRL-18V', quantity: 10 }], () => withSku);
    expect(matched?.line).toMatchObject({ toolId: 'd1', sku: 'DRL-18V' });
    const [unmatched] = judgeLines(
      [{ product: 'Cordless', quantity: 5 }],
      () => undefined,
      () => [withSku],
    );
    expect(unmatched?.line.suggestions).toEqual([
      { toolId: 'd1', name: 'Cordless Drill Driver 18V', sku: 'DRL-18V' },
    ]);
  });
});

import { BuyingMessages, Messages, RuleMessages, SkuMessages } from '@toolshop/contracts';
import { EMPTY_TOOL_FORM, readToolForm, readToolRefusal, toolFormTierError } from './tool-form';

const filled = {
  name: ' Cordless Drill ',
  img: 'https://example.com/drill.webp',
  shortDescription: '18 V, two batteries',
  minOrder: '10',
  available: '250',
  price: '89',
  category: 'Drills',
  lowStockThreshold: '',
  packSize: '',
  sku: '',
  tiers: [],
};

describe('the SKU', () => {
  it('is sent upper-case when typed, left out when blank, refused at its field when malformed', () => {
    expect(readToolForm({ ...filled, sku: ' drl-18v ' }).tool).toMatchObject({ sku: 'DRL-18V' });
    expect(readToolForm(filled).tool).not.toHaveProperty('sku');
    expect(readToolForm({ ...filled, sku: 'no good' }).errors).toEqual({
      sku: SkuMessages.invalid,
    });
  });

  it('puts the API’s refusals of the SKU at its field', () => {
    expect(readToolRefusal(SkuMessages.taken('DRL-18V')).errors).toEqual({
      sku: SkuMessages.taken('DRL-18V'),
    });
    expect(readToolRefusal([SkuMessages.invalid]).errors).toEqual({ sku: SkuMessages.invalid });
  });
});

describe('readToolForm', () => {
  it('sends trimmed text and the numbers as integers', () => {
    expect(readToolForm(filled)).toEqual({
      tool: {
        name: 'Cordless Drill',
        img: 'https://example.com/drill.webp',
        shortDescription: '18 V, two batteries',
        minOrder: 10,
        available: 250,
        price: 89,
        category: 'Drills',
      },
    });
  });

  it('reports every empty field with the spec message', () => {
    expect(readToolForm(EMPTY_TOOL_FORM).errors).toEqual({
      name: Messages.toolNameRequired,
      img: Messages.toolImageRequired,
      shortDescription: Messages.toolShortDescriptionRequired,
      minOrder: Messages.toolMinOrderRequired,
      available: Messages.toolAvailableRequired,
      price: Messages.toolPriceRequired,
    });
  });

  it('refuses fractions and negative numbers instead of rounding them', () => {
    const { tool, errors } = readToolForm({ ...filled, minOrder: '1.5', price: '-3' });
    expect(tool).toBeUndefined();
    expect(errors).toEqual({
      minOrder: Messages.toolMinOrderRequired,
      price: Messages.toolPriceRequired,
    });
  });

  it('says a price with cents must be whole dollars', () => {
    expect(readToolForm({ ...filled, price: '49.99' }).errors).toEqual({
      price: RuleMessages.priceWholeDollars,
    });
    expect(readToolRefusal(RuleMessages.priceWholeDollars).errors).toEqual({
      price: RuleMessages.priceWholeDollars,
    });
  });

  it('refuses a minimum order above the stock, which could never be ordered', () => {
    expect(readToolForm({ ...filled, minOrder: '30', available: '20' }).errors).toEqual({
      available: RuleMessages.minOrderAboveStock,
    });
    expect(readToolForm({ ...filled, minOrder: '20', available: '20' }).tool).toBeDefined();
  });

  it('takes only web links (or paths on this site) as the image', () => {
    expect(readToolForm({ ...filled, img: 'drill.webp' }).errors).toEqual({
      img: RuleMessages.imageLinkInvalid,
    });
    expect(readToolForm({ ...filled, img: 'javascript:alert(1)' }).errors).toEqual({
      img: RuleMessages.imageLinkInvalid,
    });
    expect(readToolForm({ ...filled, img: '/images/drill.webp' }).tool).toBeDefined();
  });
});

describe('pack size and price tiers', () => {
  const tiers = [
    { minQuantity: '50', price: '79' },
    { minQuantity: '200', price: '69' },
  ];

  it('sends them as numbers when given, and leaves them out when blank', () => {
    expect(readToolForm({ ...filled, packSize: '5', tiers }).tool).toMatchObject({
      packSize: 5,
      priceTiers: [
        { minQuantity: 50, price: 79 },
        { minQuantity: 200, price: 69 },
      ],
    });
    const { tool } = readToolForm(filled);
    expect(tool).not.toHaveProperty('packSize');
    expect(tool).not.toHaveProperty('priceTiers');
  });

  it('refuses a pack the minimum order is not a whole number of, or no whole pack', () => {
    expect(readToolForm({ ...filled, packSize: '3' }).errors).toEqual({
      packSize: BuyingMessages.minOrderInPacks(3),
    });
    expect(readToolForm({ ...filled, packSize: '0' }).errors).toEqual({
      packSize: BuyingMessages.packSize,
    });
  });

  it('names the first tier row and field that breaks the rules', () => {
    const rising = [...tiers, { minQuantity: '500', price: '70' }];
    expect(readToolForm({ ...filled, tiers: rising }).errors).toEqual({
      priceTiers: BuyingMessages.tierPrice,
    });
    expect(toolFormTierError({ ...filled, tiers: rising })).toEqual({
      row: 2,
      field: 'price',
      message: BuyingMessages.tierPrice,
    });
    const unordered = [
      { minQuantity: '200', price: '79' },
      { minQuantity: '50', price: '69' },
    ];
    expect(toolFormTierError({ ...filled, tiers: unordered })).toEqual({
      row: 1,
      field: 'minQuantity',
      message: BuyingMessages.tierQuantity,
    });
    // A tier dearer than the base price, and a row left blank.
    expect(
      toolFormTierError({ ...filled, tiers: [{ minQuantity: '50', price: '90' }] })?.field,
    ).toBe('price');
    expect(toolFormTierError({ ...filled, tiers: [{ minQuantity: '', price: '' }] })).toMatchObject(
      {
        row: 0,
        field: 'minQuantity',
      },
    );
    expect(toolFormTierError({ ...filled, tiers })).toBeUndefined();
  });

  it("puts the API's pack and tier refusals at their fields", () => {
    expect(
      readToolRefusal([BuyingMessages.minOrderInPacks(4), BuyingMessages.tierQuantity]).errors,
    ).toEqual({
      packSize: BuyingMessages.minOrderInPacks(4),
      priceTiers: BuyingMessages.tierQuantity,
    });
  });
});

describe('readToolRefusal', () => {
  it('puts the known messages of a joined 400 at their fields', () => {
    expect(
      readToolRefusal(`${Messages.toolNameRequired}; ${RuleMessages.imageHostNotAllowed}`),
    ).toEqual({
      errors: { name: Messages.toolNameRequired, img: RuleMessages.imageHostNotAllowed },
      rest: [],
    });
  });

  it('keeps the messages of no field, and reads message lists', () => {
    expect(readToolRefusal([RuleMessages.priceTooLarge, 'Unexpected field', ''])).toEqual({
      errors: { price: RuleMessages.priceTooLarge },
      rest: ['Unexpected field'],
    });
  });

  it('does not take inherited names for messages', () => {
    expect(readToolRefusal('constructor')).toEqual({ errors: {}, rest: ['constructor'] });
  });
});

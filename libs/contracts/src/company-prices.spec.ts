import {
  companyPricesError,
  CompanyPriceMessages,
  companyUnitPrice,
  discountPercentError,
  lineTotal,
  memberUnitPrice,
  sumDollars,
} from './company-prices';

const drill = {
  price: 100,
  priceTiers: [
    { minQuantity: 10, price: 85 },
    { minQuantity: 50, price: 70 },
  ],
};
const id = (n: number) => n.toString(16).padStart(24, '0');

describe('memberUnitPrice', () => {
  it('is the tier price without a company price list', () => {
    expect(memberUnitPrice(drill, 1)).toBe(100);
    expect(memberUnitPrice(drill, 10)).toBe(85);
    expect(memberUnitPrice(drill, 50, {})).toBe(70);
  });

  it('takes the discounted list price when it is below the tier reached', () => {
    expect(memberUnitPrice(drill, 1, { discountPercent: 10 })).toBe(90);
    expect(memberUnitPrice(drill, 10, { discountPercent: 20 })).toBe(80);
  });

  it('keeps the tier price when the tier is lower than the company price', () => {
    expect(memberUnitPrice(drill, 50, { discountPercent: 10 })).toBe(70);
    expect(memberUnitPrice(drill, 10, { fixedPrice: 88 })).toBe(85);
  });

  it('gives the same price on a tie', () => {
    expect(memberUnitPrice(drill, 10, { discountPercent: 15 })).toBe(85);
    expect(memberUnitPrice(drill, 1, { fixedPrice: 100 })).toBe(100);
  });

  it('uses the fixed price of a tool instead of the discount', () => {
    expect(memberUnitPrice(drill, 1, { discountPercent: 10, fixedPrice: 95 })).toBe(95);
    expect(memberUnitPrice(drill, 1, { discountPercent: 10, fixedPrice: 60.5 })).toBe(60.5);
    // Never above the list price, even with a fixed price set higher.
    expect(memberUnitPrice(drill, 1, { fixedPrice: 120 })).toBe(100);
  });

  it('rounds the discounted price to cents, half up', () => {
    expect(memberUnitPrice({ price: 15 }, 1, { discountPercent: 12.5 })).toBe(13.13);
    expect(memberUnitPrice({ price: 15 }, 1, { discountPercent: 12.3 })).toBe(13.16);
    expect(memberUnitPrice({ price: 1 }, 1, { discountPercent: 33.3 })).toBe(0.67);
    expect(memberUnitPrice({ price: 999_999 }, 1, { discountPercent: 0.1 })).toBe(998_999);
    expect(memberUnitPrice({ price: 7 }, 1, { discountPercent: 90 })).toBe(0.7);
  });

  it('ignores a zero discount', () => {
    expect(companyUnitPrice(100, { discountPercent: 0 })).toBeUndefined();
    expect(memberUnitPrice(drill, 1, { discountPercent: 0 })).toBe(100);
  });
});

describe('amounts with cents', () => {
  it('multiplies and adds in whole cents', () => {
    expect(lineTotal(3, 13.3)).toBe(39.9);
    expect(lineTotal(1_000_000, 0.07)).toBe(70_000);
    expect(sumDollars([0.1, 0.2])).toBe(0.3);
  });
});

describe('price list validation', () => {
  it('takes discounts from 0 to 90 with at most one decimal', () => {
    for (const ok of [undefined, null, 0, 10, 12.5, 90])
      expect(discountPercentError(ok)).toBeUndefined();
    for (const bad of [-1, 90.1, 12.25, '10', Number.NaN, Infinity])
      expect(discountPercentError(bad)).toBe(CompanyPriceMessages.discountInvalid);
  });

  it('names the fixed price that is wrong', () => {
    expect(companyPricesError([{ product: id(1), unitPrice: 12.5 }])).toBeUndefined();
    expect(companyPricesError('x')).toBe(CompanyPriceMessages.pricesNotList);
    expect(companyPricesError([{ product: 'drill', unitPrice: 1 }])).toBe(
      CompanyPriceMessages.productInvalid(0),
    );
    expect(
      companyPricesError([
        { product: id(1), unitPrice: 1 },
        { product: id(2), unitPrice: 1.005 },
      ]),
    ).toBe(CompanyPriceMessages.unitPriceInvalid(1));
    expect(companyPricesError([{ product: id(1), unitPrice: -1 }])).toBe(
      CompanyPriceMessages.unitPriceInvalid(0),
    );
    expect(
      companyPricesError([
        { product: id(1), unitPrice: 1 },
        { product: id(1), unitPrice: 2 },
      ]),
    ).toBe(CompanyPriceMessages.productTwice(id(1)));
  });

  it('bounds the number of fixed prices', () => {
    const many = Array.from({ length: 5001 }, (_, n) => ({ product: id(n), unitPrice: 1 }));
    expect(companyPricesError(many)).toBe(CompanyPriceMessages.tooManyPrices);
    expect(companyPricesError(many.slice(0, 5000))).toBeUndefined();
  });
});

import { CatalogMessages, Messages, RuleMessages } from '@toolshop/contracts';
import { EMPTY_TOOL_FORM, readToolForm, readToolRefusal } from './tool-form';

const filled = {
  name: ' Cordless Drill ',
  img: 'https://example.com/drill.webp',
  shortDescription: '18 V, two batteries',
  minOrder: '10',
  available: '250',
  price: '89',
  category: 'Drills',
  lowStockThreshold: '',
};

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
      category: CatalogMessages.categoryRequired,
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

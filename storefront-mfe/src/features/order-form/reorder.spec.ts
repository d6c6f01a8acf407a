import { reorderDraft } from './reorder';

describe('reorderDraft', () => {
  it('takes the quantity, address and phone of an "Order again"', () => {
    expect(
      reorderDraft({ reorder: { quantity: 12, address: '1 Main St', phone: '555-0100' } }),
    ).toEqual({
      quantity: '12',
      address: '1 Main St',
      phone: '555-0100',
    });
  });

  it.each([
    null,
    undefined,
    'x',
    {},
    { reorder: 'x' },
    { reorder: { quantity: -1, address: 3, phone: null } },
  ])('ignores anything else (%j)', (state) => {
    expect(reorderDraft(state)).toEqual({});
  });
});

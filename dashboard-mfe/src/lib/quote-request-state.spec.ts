import { quoteRequestState, readQuoteRequestState } from './quote-request-state';

describe('quote request state', () => {
  it('hands over the found lines as Quick Order reads them, and reads them back', () => {
    const state = quoteRequestState([
      {
        product: 'cd-18',
        quantity: 20,
        toolId: 'd'.repeat(24),
        name: 'Cordless Drill',
        sku: 'CD-18',
      },
      { product: 'Blade', quantity: 5, toolId: 'b'.repeat(24), name: 'Saw Blade' },
      { product: 'Nothing', quantity: 1, problem: 'No product called "Nothing"' },
    ]);
    expect(readQuoteRequestState(state)).toEqual([
      { product: 'CD-18 — Cordless Drill', quantity: 20 },
      { product: 'Saw Blade', quantity: 5 },
    ]);
  });

  it('ignores a state that is not ours', () => {
    for (const state of [
      null,
      undefined,
      {},
      { quoteRequest: 'x' },
      { quoteRequest: [{ product: 3 }] },
    ])
      expect(readQuoteRequestState(state)).toBeUndefined();
  });
});

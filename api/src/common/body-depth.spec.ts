import { exceedsDepth } from './body-depth';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};

describe('exceedsDepth', () => {
  it('accepts flat and shallow bodies', () => {
    expect(exceedsDepth({ a: 1, b: [1, { c: 'x' }] }, 16)).toBe(false);
    expect(exceedsDepth(nested(16), 16)).toBe(false);
    expect(exceedsDepth('text', 1)).toBe(false);
  });

  it('flags bodies nested beyond the limit, however deep, without overflowing the stack', () => {
    expect(exceedsDepth(nested(17), 16)).toBe(true);
    expect(exceedsDepth(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)), 16)).toBe(true);
  });
});

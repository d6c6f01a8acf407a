import { SALE_COUNTDOWN_MS } from '@toolshop/contracts';
import { splitDuration } from './split-duration';

describe('splitDuration', () => {
  it('splits the sale countdown into 11 days 13:46:40', () => {
    expect(splitDuration(SALE_COUNTDOWN_MS)).toEqual({
      days: 11,
      hours: 13,
      minutes: 46,
      seconds: 40,
    });
  });

  it('drops partial seconds', () => {
    expect(splitDuration(61_999)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 1 });
  });

  it('never goes below zero', () => {
    expect(splitDuration(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

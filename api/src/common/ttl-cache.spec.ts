import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  afterEach(() => jest.useRealTimers());

  it('shares one load between concurrent readers and reuses it until it expires', async () => {
    jest.useFakeTimers({ now: 0 });
    const cache = new TtlCache<number>(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    jest.setSystemTime(999);
    expect(await cache.get('k', load)).toBe(1);
    jest.setSystemTime(1000);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('forgets everything on clear, including a load that was under way', async () => {
    const cache = new TtlCache<string>(60_000);
    let release!: (value: string) => void;
    const slow = cache.get('k', () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    const fresh = cache.get('k', async () => 'after write');
    release('before write');
    expect(await slow).toBe('before write');
    expect(await fresh).toBe('after write');
    expect(await cache.get('k', async () => 'unused')).toBe('after write');
  });

  it('does not keep failed loads', async () => {
    const cache = new TtlCache<string>(60_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('is off with a TTL of 0', async () => {
    const cache = new TtlCache<number>(0);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('peeks at a loaded, fresh entry only', async () => {
    const cache = new TtlCache<string>(50);
    let release!: (value: string) => void;
    const loading = cache.get('k', () => new Promise((resolve) => (release = resolve)));
    expect(cache.peek('k')).toBeUndefined();
    release('loaded');
    await loading;
    expect(cache.peek('k')).toBe('loaded');
    expect(cache.peek('other')).toBeUndefined();
    cache.clear();
    expect(cache.peek('k')).toBeUndefined();
    await cache.get('k', async () => 'again');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.peek('k')).toBeUndefined();
  });
});

import { resolveImageSrc } from '@toolshop/ui';
import { defaultRuntimeConfig, getRuntimeConfig, loadRuntimeConfig } from './runtime-config';

describe('runtime config', () => {
  it('takes the values of /config.json over the defaults', async () => {
    globalThis.fetch = jest.fn(
      async () => new Response(JSON.stringify({ apiUrl: 'https://api.shop.example' })),
    );
    const config = await loadRuntimeConfig();
    expect(config.apiUrl).toBe('https://api.shop.example');
    expect(config.authority).toBe(defaultRuntimeConfig.authority);
    expect(getRuntimeConfig()).toEqual(config);
    // Product images stored as paths are shown from the API.
    expect(resolveImageSrc('/images/drill.webp')).toBe(
      'https://api.shop.example/images/drill.webp',
    );
  });

  it('falls back to the local defaults when /config.json is missing', async () => {
    globalThis.fetch = jest.fn(async () => new Response('not found', { status: 404 }));
    expect(await loadRuntimeConfig()).toEqual(defaultRuntimeConfig);
  });
});

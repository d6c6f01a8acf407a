/** @jest-environment jsdom */
import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { registerRemoteMap, resetRemote } from './federation';
import { integrityOf } from './integrity';
import type { RemoteMap } from './remote-map';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
}));

const release = (version: string): RemoteMap => ({
  storefront: {
    manifest: `https://cdn.example/storefront/${version}/mf-manifest.json`,
    version,
    integrity: { 'remoteEntry.js': `sha384-${version}` },
  },
  dashboard: { manifest: 'http://localhost:3002/mf-manifest.json' },
  admin: { manifest: 'http://localhost:3003/mf-manifest.json' },
});

describe('registerRemoteMap', () => {
  it('takes the map of the page load once: a later map changes nothing until the next page load', () => {
    registerRemoteMap(release('1.0.0'));
    registerRemoteMap(release('2.0.0'));

    expect(registerPlugins).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'storefront', entry: 'https://cdn.example/storefront/1.0.0/mf-manifest.json' },
      { name: 'dashboard', entry: 'http://localhost:3002/mf-manifest.json' },
      { name: 'admin', entry: 'http://localhost:3003/mf-manifest.json' },
    ]);
    expect(integrityOf('https://cdn.example/storefront/1.0.0/remoteEntry.js')).toBe('sha384-1.0.0');
    expect(integrityOf('https://cdn.example/storefront/2.0.0/remoteEntry.js')).toBeUndefined();
  });

  it('retries a remote at the same release, re-registered with force so the runtime drops its cached manifest', () => {
    resetRemote('storefront');
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'storefront', entry: 'https://cdn.example/storefront/1.0.0/mf-manifest.json' }],
      { force: true },
    );
  });

  it("guards document.head: a remote's script gets its release's integrity however it is added", () => {
    const script = document.createElement('script');
    script.src = 'https://cdn.example/storefront/1.0.0/remoteEntry.js';
    document.head.appendChild(script);
    expect(script.getAttribute('integrity')).toBe('sha384-1.0.0');
    expect(script.getAttribute('crossorigin')).toBe('anonymous');

    const unlisted = document.createElement('link');
    unlisted.rel = 'stylesheet';
    unlisted.href = 'https://cdn.example/storefront/1.0.0/evil.css';
    document.head.insertBefore(unlisted, null);
    expect(unlisted.getAttribute('integrity')).toMatch(/^sha384-A{64}$/);

    const own = document.createElement('script');
    own.src = '/main.js';
    document.head.appendChild(own);
    expect(own.hasAttribute('integrity')).toBe(false);
  });
});

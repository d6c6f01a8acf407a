import { integrityLookup, REFUSED_INTEGRITY } from './integrity';
import type { RemoteMap } from './remote-map';

const page = 'http://localhost:3000/dashboard';
const hashes = {
  'mf-manifest.json': 'sha384-manifest',
  'remoteEntry.js': 'sha384-entry',
  '__federation_expose_HomePage.1234.js': 'sha384-home',
  'fragments/home.json': 'sha384-fragment',
};
const map: RemoteMap = {
  storefront: {
    manifest: 'https://cdn.example/storefront/1.0.0+abc/mf-manifest.json',
    version: '1.0.0+abc',
    integrity: hashes,
  },
  dashboard: { manifest: 'http://localhost:3002/mf-manifest.json' },
  admin: {
    manifest: 'https://cdn.example/storefront/1.0.0+abc/admin/mf-manifest.json',
    integrity: { 'remoteEntry.js': 'sha384-admin' },
  },
};

describe('integrityLookup', () => {
  const lookup = integrityLookup(map, page);

  it('gives each listed file of a checked remote its hash, by its path below the manifest folder', () => {
    expect(lookup('https://cdn.example/storefront/1.0.0+abc/mf-manifest.json')).toBe(
      'sha384-manifest',
    );
    expect(lookup('https://cdn.example/storefront/1.0.0+abc/remoteEntry.js')).toBe('sha384-entry');
    expect(lookup('https://cdn.example/storefront/1.0.0+abc/fragments/home.json')).toBe(
      'sha384-fragment',
    );
    // a query or fragment does not make it another file
    expect(
      lookup('https://cdn.example/storefront/1.0.0+abc/__federation_expose_HomePage.1234.js?t=1#x'),
    ).toBe('sha384-home');
  });

  it('refuses a file of a checked remote that its release does not list', () => {
    expect(lookup('https://cdn.example/storefront/1.0.0+abc/evil.js')).toBe(REFUSED_INTEGRITY);
    expect(lookup('https://cdn.example/storefront/1.0.0+abc/sub/remoteEntry.js')).toBe(
      REFUSED_INTEGRITY,
    );
    expect(REFUSED_INTEGRITY).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  });

  it('takes the deepest folder: a remote published below another one is checked against its own list', () => {
    expect(lookup('https://cdn.example/storefront/1.0.0+abc/admin/remoteEntry.js')).toBe(
      'sha384-admin',
    );
    expect(lookup('https://cdn.example/storefront/1.0.0+abc/admin/mf-manifest.json')).toBe(
      REFUSED_INTEGRITY,
    );
  });

  it("leaves alone the shell's own files, other folders and a remote given as a bare URL", () => {
    expect(lookup('/main.1234.js')).toBeUndefined();
    expect(lookup('https://cdn.example/storefront/0.9.0+old/remoteEntry.js')).toBeUndefined();
    expect(lookup('http://localhost:3002/remoteEntry.js')).toBeUndefined();
    expect(lookup('http://[bad')).toBeUndefined();
  });

  it('checks nothing when no remote lists hashes', () => {
    const bare = integrityLookup(
      {
        storefront: { manifest: 'http://s/mf-manifest.json' },
        dashboard: { manifest: 'http://d/m.json' },
        admin: { manifest: 'http://a/m.json' },
      },
      page,
    );
    expect(bare('http://s/remoteEntry.js')).toBeUndefined();
  });
});

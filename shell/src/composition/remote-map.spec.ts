import { parseRemoteMap } from './remote-map';

const sha = (c: string) => `sha384-${c.repeat(64)}`;

describe('parseRemoteMap', () => {
  it('reads the manifest URL of each of the three remotes (the bare-URL form)', () => {
    const map = {
      storefront: 'https://cdn.example/storefront/v2/mf-manifest.json',
      dashboard: 'http://localhost:3002/mf-manifest.json',
      admin: 'http://localhost:3003/mf-manifest.json',
      extra: 'ignored',
    };
    expect(parseRemoteMap(map)).toEqual({
      storefront: { manifest: map.storefront },
      dashboard: { manifest: map.dashboard },
      admin: { manifest: map.admin },
    });
  });

  it('reads the registry form: manifest, version and integrity, beside bare URLs', () => {
    const storefront = {
      manifest: 'https://cdn.example/storefront/1.2.0+abc1234/mf-manifest.json',
      version: '1.2.0+abc1234',
      integrity: {
        'mf-manifest.json': sha('a'),
        'remoteEntry.js': sha('b'),
        'main.1234.css': 'sha256-Zm9v',
      },
    };
    expect(
      parseRemoteMap({
        storefront,
        dashboard: 'http://d/mf-manifest.json',
        admin: { manifest: 'http://a/mf-manifest.json' },
      }),
    ).toEqual({
      storefront,
      dashboard: { manifest: 'http://d/mf-manifest.json' },
      admin: { manifest: 'http://a/mf-manifest.json', version: undefined },
    });
  });

  it('names the remote whose URL is missing', () => {
    expect(() => parseRemoteMap({ storefront: 'a', dashboard: 'b' })).toThrow('"admin"');
    expect(() =>
      parseRemoteMap({ storefront: 'a', dashboard: 'b', admin: { version: '1.0.0' } }),
    ).toThrow('"admin"');
    expect(() => parseRemoteMap(null)).toThrow();
  });

  it('refuses an integrity that is no map of SRI hashes, naming the remote and the file', () => {
    const base = { storefront: 'a', dashboard: 'b' };
    expect(() =>
      parseRemoteMap({ ...base, admin: { manifest: 'c', integrity: ['sha384-x'] } }),
    ).toThrow('"admin"');
    expect(() =>
      parseRemoteMap({
        ...base,
        admin: { manifest: 'c', integrity: { 'remoteEntry.js': 'md5-abc' } },
      }),
    ).toThrow('remoteEntry.js');
    expect(() =>
      parseRemoteMap({ ...base, admin: { manifest: 'c', integrity: { 'remoteEntry.js': 42 } } }),
    ).toThrow('"admin"');
    expect(() => parseRemoteMap({ ...base, admin: { manifest: 'c', version: 2 } })).toThrow(
      'version',
    );
  });
});

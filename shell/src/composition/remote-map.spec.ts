import { parseRemoteMap } from './remote-map';

describe('parseRemoteMap', () => {
  it('reads the manifest URL of each of the three remotes', () => {
    const map = {
      storefront: 'https://cdn.example/storefront/v2/mf-manifest.json',
      dashboard: 'http://localhost:3002/mf-manifest.json',
      admin: 'http://localhost:3003/mf-manifest.json',
      extra: 'ignored',
    };
    expect(parseRemoteMap(map)).toEqual({
      storefront: map.storefront,
      dashboard: map.dashboard,
      admin: map.admin,
    });
  });

  it('names the remote whose URL is missing', () => {
    expect(() => parseRemoteMap({ storefront: 'a', dashboard: 'b' })).toThrow('"admin"');
    expect(() => parseRemoteMap(null)).toThrow();
  });
});

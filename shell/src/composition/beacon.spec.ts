import { BEACON_URL, reportRemote, setBeaconVersions } from './beacon';

describe('reportRemote', () => {
  const sent: { url: string; body: unknown }[] = [];
  beforeAll(() => {
    Object.defineProperty(globalThis.navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, body: string) => sent.push({ url, body: JSON.parse(body) }) > 0,
    });
  });
  beforeEach(() => {
    sent.length = 0;
    setBeaconVersions({
      storefront: { manifest: 'https://cdn/s/mf-manifest.json', version: '1.2.0+abc1234' },
      dashboard: { manifest: 'http://d/mf-manifest.json' },
      admin: { manifest: 'http://a/mf-manifest.json', version: '2.0.0+def' },
    });
  });

  it('sends a load failure with the remote, its version and the message to the same-origin endpoint', () => {
    reportRemote('storefront', 'load', new Error('Failed to load script https://cdn/s/remoteEntry.js'));
    expect(sent).toEqual([
      { url: BEACON_URL, body: { remote: 'storefront', version: '1.2.0+abc1234', kind: 'load', message: 'Failed to load script https://cdn/s/remoteEntry.js' } },
    ]);
    expect(BEACON_URL).toBe('/remotes/beacon');
  });

  it('cuts a long message to 500 characters and reports a remote without version with an empty one', () => {
    reportRemote('dashboard', 'render', new Error('x'.repeat(2000)));
    expect(sent[0]?.body).toEqual({ remote: 'dashboard', version: '', kind: 'render', message: 'x'.repeat(500) });
  });

  it('sends "ok" once per remote and page load, failures every time', () => {
    reportRemote('admin', 'ok');
    reportRemote('admin', 'ok');
    reportRemote('storefront', 'ok');
    reportRemote('admin', 'render', 'boom');
    reportRemote('admin', 'render', 'boom');
    expect(sent.map(({ body }) => (body as { kind: string; remote: string }).kind + ':' + (body as { remote: string }).remote)).toEqual([
      'ok:admin',
      'ok:storefront',
      'render:admin',
      'render:admin',
    ]);
    expect(sent[0]?.body).toEqual({ remote: 'admin', version: '2.0.0+def', kind: 'ok', message: '' });
  });

  it('never throws when the browser cannot send', () => {
    Object.defineProperty(globalThis.navigator, 'sendBeacon', { configurable: true, value: () => { throw new Error('no'); } });
    expect(() => reportRemote('storefront', 'load', 'down')).not.toThrow();
  });
});

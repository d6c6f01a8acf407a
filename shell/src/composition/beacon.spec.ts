import { compositionSignals } from '@toolshop/routes';
import { BEACON_URL, reportRemote, setBeaconVersions } from './beacon';
import { BEACON_ID_HEADER, fetchRemoteMap } from './remote-map';

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
    reportRemote(
      'storefront',
      'load',
      new Error('Failed to load script https://cdn/s/remoteEntry.js'),
    );
    expect(sent).toEqual([
      {
        url: BEACON_URL,
        body: {
          remote: 'storefront',
          version: '1.2.0+abc1234',
          kind: 'load',
          message: 'Failed to load script https://cdn/s/remoteEntry.js',
          id: '',
        },
      },
    ]);
    expect(BEACON_URL).toBe('/remotes/beacon');
  });

  it('cuts a long message to 500 characters; a remote without version (the built-in map) sends nothing', () => {
    reportRemote('admin', 'render', new Error('x'.repeat(2000)));
    expect(sent[0]?.body).toEqual({
      remote: 'admin',
      version: '2.0.0+def',
      kind: 'render',
      message: 'x'.repeat(500),
      id: '',
    });
    reportRemote('dashboard', 'render', new Error('down'));
    reportRemote('dashboard', 'ok');
    expect(sent).toHaveLength(1);
  });

  it('reports each remote once per page load as ok or failed: ok once, a failure once (also after ok), no ok after a failure', () => {
    reportRemote('admin', 'ok');
    reportRemote('admin', 'ok');
    reportRemote('storefront', 'render', 'boom');
    reportRemote('storefront', 'ok');
    reportRemote('admin', 'render', 'boom');
    reportRemote('admin', 'render', 'boom');
    reportRemote('admin', 'load', 'boom');
    expect(
      sent.map(
        ({ body }) =>
          (body as { kind: string; remote: string }).kind +
          ':' +
          (body as { remote: string }).remote,
      ),
    ).toEqual(['ok:admin', 'render:storefront', 'render:admin']);
    expect(sent[0]?.body).toEqual({
      remote: 'admin',
      version: '2.0.0+def',
      kind: 'ok',
      message: '',
      id: '',
    });
  });

  it("lists every caught failure on window for the smoke check, and sends the page load's beacon id", async () => {
    const failures = () =>
      (window as unknown as Record<string, unknown[] | undefined>)[
        compositionSignals.failuresKey
      ] ?? [];
    const before = failures().length;
    reportRemote('dashboard', 'load', new Error('down'));
    expect(failures().slice(before)).toEqual([
      { remote: 'dashboard', kind: 'load', message: 'down' },
    ]);
    expect(sent).toHaveLength(0);

    const map = {
      storefront: 'http://s/mf-manifest.json',
      dashboard: 'http://d/mf-manifest.json',
      admin: { manifest: 'http://a/mf-manifest.json', version: '3.0.0+a' },
    };
    const answer = {
      ok: true,
      status: 200,
      json: async () => map,
      headers: new Map([[BEACON_ID_HEADER, 'v1.page-load.signature']]),
    };
    globalThis.fetch = jest.fn(async () => answer) as unknown as typeof fetch;
    setBeaconVersions(await fetchRemoteMap());
    reportRemote('admin', 'ok');
    expect(sent.at(-1)?.body).toEqual({
      remote: 'admin',
      version: '3.0.0+a',
      kind: 'ok',
      message: '',
      id: 'v1.page-load.signature',
    });
  });

  it('never throws when the browser cannot send', () => {
    Object.defineProperty(globalThis.navigator, 'sendBeacon', {
      configurable: true,
      value: () => {
        throw new Error('no');
      },
    });
    expect(() => reportRemote('storefront', 'load', 'down')).not.toThrow();
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { codingFor } from './compression';
import { JsonSnapshot } from './public-cache';

describe('the coding of a public list', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['BR;q=0.5, gzip', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=x', undefined],
    [['gzip'], undefined],
  ])('Accept-Encoding %p takes %p', (header, coding) => {
    expect(codingFor(header)).toBe(coding);
  });

  const tools = Array.from({ length: 200 }, (_, i) => ({
    _id: `t${i}`,
    name: `Cordless drill ${i}`,
  }));

  it('codes a list once, to the same JSON, and leaves a small one as it is', () => {
    const snapshot = new JsonSnapshot(tools);
    const br = snapshot.codedBody('br')!;
    const gzip = snapshot.codedBody('gzip')!;
    expect(br.length).toBeLessThan(snapshot.body.length / 4);
    expect(brotliDecompressSync(br).equals(snapshot.body)).toBe(true);
    expect(gunzipSync(gzip).equals(snapshot.body)).toBe(true);
    expect(snapshot.codedBody('br')).toBe(br);
    expect(snapshot.codedBody(undefined)).toBeUndefined();
    expect(new JsonSnapshot(tools.slice(0, 2)).codedBody('br')).toBeUndefined();
  });
});

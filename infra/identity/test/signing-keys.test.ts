import assert from 'node:assert/strict';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadSigningKeys, publicJwks, rotateSigningKey } from '../src/keys/signing-keys.ts';

const dir = await mkdtemp(join(tmpdir(), 'toolshop-keys-'));
after(() => rm(dir, { recursive: true, force: true }));

describe('signing keys', () => {
  it('are generated on first start, kept private on disk, and reused afterwards', async () => {
    const first = await loadSigningKeys(dir);
    assert.equal(first.jwks.keys.length, 1);
    assert.equal(first.jwks.keys[0]!.alg, 'RS256');
    assert.equal(
      (await stat(join(dir, 'jwks.json'))).mode & 0o077,
      0,
      'readable by the owner only',
    );
    const again = await loadSigningKeys(dir);
    assert.deepEqual(again.jwks, first.jwks);
    assert.deepEqual(again.cookieKeys, first.cookieKeys);
  });

  it('rotate: the new key signs first, the previous ones still verify', async () => {
    const before = await loadSigningKeys(dir);
    const added = await rotateSigningKey(dir);
    const after = await loadSigningKeys(dir);
    assert.equal(after.jwks.keys[0]!.kid, added.kid);
    assert.equal(after.jwks.keys[1]!.kid, before.jwks.keys[0]!.kid);
  });

  it('publish only the public half', async () => {
    const { jwks } = await loadSigningKeys(dir);
    for (const key of publicJwks(jwks).keys) {
      assert.deepEqual(Object.keys(key).sort(), ['alg', 'e', 'kid', 'kty', 'n', 'use']);
    }
  });
});

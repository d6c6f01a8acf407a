import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

export interface SigningKeys {
  /** Private JWKs, newest first: the first one signs, all of them verify (rotation). */
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function writeSecret(path: string, value: unknown): Promise<void> {
  await writeFile(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
}

export async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

/**
 * Loads the signing keys from keysDir (jwks.json) and the cookie secrets (cookie-keys.json),
 * generating them on first start. The directory is outside git (.gitignore).
 */
export async function loadSigningKeys(
  keysDir: string,
  cookieKeysFromEnv?: string[],
): Promise<SigningKeys> {
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  const jwksPath = join(keysDir, 'jwks.json');
  let jwks = await readJson<{ keys: JWK[] }>(jwksPath);
  if (!jwks?.keys?.length) {
    jwks = { keys: [await newSigningKey()] };
    await writeSecret(jwksPath, jwks);
  }

  let cookieKeys = cookieKeysFromEnv;
  if (!cookieKeys?.length) {
    const cookiePath = join(keysDir, 'cookie-keys.json');
    cookieKeys = await readJson<string[]>(cookiePath);
    if (!cookieKeys?.length) {
      cookieKeys = [randomBytes(32).toString('base64url')];
      await writeSecret(cookiePath, cookieKeys);
    }
  }
  return { jwks, cookieKeys };
}

/** Adds a fresh key in front (it signs from the next start on); older keys keep verifying. */
export async function rotateSigningKey(keysDir: string, keep = 2): Promise<JWK> {
  const { jwks } = await loadSigningKeys(keysDir);
  const key = await newSigningKey();
  await writeSecret(join(keysDir, 'jwks.json'), { keys: [key, ...jwks.keys].slice(0, keep + 1) });
  return key;
}

export function publicJwks(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })),
  };
}

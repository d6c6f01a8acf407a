// `npm run rotate-keys -w @toolshop/identity`: adds a new signing key (used from the next start on)
// and keeps the previous two so tokens signed with them still verify until they expire.
import { DEFAULT_KEYS_DIR } from './config.ts';
import { rotateSigningKey } from './keys/signing-keys.ts';

const keysDir = process.env.KEYS_DIR || DEFAULT_KEYS_DIR;
const key = await rotateSigningKey(keysDir);
console.log(
  `[identity] new signing key ${key.kid} in ${keysDir}; restart the provider to sign with it`,
);

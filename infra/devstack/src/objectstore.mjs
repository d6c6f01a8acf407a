// The local S3-compatible object store of the remotes' releases (@toolshop/registry's objectstore.mjs
// builds it): started with the stack, stopped with the other services by stopAll. Its access keys
// (one per team, a read-only one for the registry) are new at each start, in
// data/objectstore-keys/<port>.json, where that stack's release script and registry read them.
import {
  ensureObjectStore,
  localKeysFile,
  objectStoreArgs,
  writeLocalKeys,
} from '@toolshop/registry/objectstore.mjs';
import { startService } from './processes.mjs';

/** @param {{ port: number, dataDir: string, bucket: string, quiet?: boolean }} options */
export async function startObjectStore({ port, dataDir, bucket, quiet = true }) {
  const credentials = writeLocalKeys(localKeysFile(port));
  await startService(
    'objectstore',
    ensureObjectStore(),
    objectStoreArgs({ port, dataDir, bucket, credentials }),
    {
      quiet,
      readyUrl: `http://127.0.0.1:${port}/_health`,
    },
  );
}

// The local S3-compatible object store of the remotes' releases (@toolshop/registry's objectstore.mjs
// builds it): started with the stack, stopped with the other services by stopAll.
import { ensureObjectStore, objectStoreArgs } from '@toolshop/registry/objectstore.mjs';
import { startService } from './processes.mjs';

/** @param {{ port: number, dataDir: string, bucket: string, quiet?: boolean }} options */
export async function startObjectStore({ port, dataDir, bucket, quiet = true }) {
  await startService('objectstore', ensureObjectStore(), objectStoreArgs({ port, dataDir, bucket }), {
    quiet,
    readyUrl: `http://127.0.0.1:${port}/${bucket}?max-keys=1`,
  });
}

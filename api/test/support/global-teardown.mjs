import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const database = globalThis.__TOOLSHOP_DATABASE__;
  if (!database) return;
  await database.stop();
  rmSync(database.dataDir, { recursive: true, force: true });
}

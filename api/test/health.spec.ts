import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestApi } from './support/test-api';

/** A database of its own that the test can stop. */
it('reports ready while the database answers and 503 (also on data routes) once it is gone', async () => {
  const { startDatabase } = (await import('@toolshop/devstack/database' as string)) as {
    startDatabase: (options: object) => Promise<{ uri: string; stop: () => Promise<void> }>;
  };
  const port = Number(new URL(process.env.TEST_MONGODB_URI!).port) + 40;
  const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-api-health-'));
  const database = await startDatabase({ port, dataDir });
  const api = await TestApi.start({ MONGODB_URI: database.uri });
  try {
    expect((await api.request('GET', '/health/ready')).status).toBe(200);
    await database.stop();
    const answer = await api.request('GET', '/health/ready');
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      statusCode: 503,
      message: 'The database is unreachable',
      error: 'Service Unavailable',
    });
    expect((await api.request('GET', '/health')).status).toBe(200);
    // Requests that need the database answer 503 in the one error shape, not a hang or a 500.
    const tool = await api.request('GET', '/tools/0123456789abcdef01234567');
    expect(tool.status).toBe(503);
    expect(tool.body.error).toBe('Service Unavailable');
  } finally {
    await api.app.close().catch(() => undefined);
    await api.issuer.stop();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

// The web image's server (web/serve.mjs) with its operations (web/operations.mjs): started
// as the image starts it, on a temporary build, beside a stand-in registry.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { webRouteOf } from '../web/operations.mjs';

const metricsToken = 'web-metrics-token-0123456789abcdef';
const dir = mkdtempSync(join(tmpdir(), 'toolshop-web-ops-'));
let registry,
  child,
  base,
  output = '';

const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

/** serve.mjs as the image runs it; resolves with its URL once it listens. */
function startWeb(env) {
  child = spawn(process.execPath, [join(import.meta.dirname, '../web/serve.mjs')], {
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const seen = (chunk) => {
      output += chunk;
      const match = /serving on http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}:\n${output}`)));
  });
}

before(async () => {
  writeFileSync(join(dir, 'config.json'), '{"apiUrl":"http://127.0.0.1:1"}');
  writeFileSync(join(dir, 'remotes.json'), '{}');
  registry = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(req.url === '/health' ? '{"status":"ok"}' : '{}');
  });
  const registryPort = await listen(registry);
  base = await startWeb({
    PORT: '0',
    RUNTIME_DIR: dir,
    WEB_ROOT: join(dir, 'www'),
    REGISTRY_URL: `http://127.0.0.1:${registryPort}`,
    METRICS_TOKEN: metricsToken,
    NODE_ENV: 'production',
  });
});
after(() => {
  child?.kill('SIGTERM');
  registry?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path, token) =>
  fetch(`${base}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });

describe('web server operations (web/serve.mjs, web/operations.mjs)', () => {
  it('is not ready without its build, and ready once index.html is there; reports the registry', async () => {
    const missing = await get('/health/ready');
    assert.equal(missing.status, 503);
    assert.match((await missing.json()).message, /the build is missing/);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'www'), { recursive: true });
    writeFileSync(join(dir, 'www/index.html'), '<!doctype html><title>shop</title>');
    const ready = await get('/health/ready');
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ok', registry: 'up' });
  });

  it('GET /metrics needs the metrics token and counts requests by bounded route', async () => {
    assert.equal((await get('/metrics')).status, 401);
    assert.equal((await get('/metrics', 'wrong-token-0123456789')).status, 401);
    await get('/tools/123');
    await get('/remotes/storefront/1.0.0/remoteEntry.js');
    const answer = await get('/metrics', metricsToken);
    assert.equal(answer.status, 200);
    const text = await answer.text();
    assert.match(text, /# TYPE http_server_request_duration_seconds histogram/);
    assert.match(
      text,
      /http_server_request_duration_seconds_count\{method="GET",route="page",status_class="2xx"\} 1/,
    );
    assert.match(
      text,
      /http_server_request_duration_seconds_count\{method="GET",route="\/remotes\/\*",status_class="4xx"\} 1/,
    );
    assert.match(
      text,
      /http_server_request_duration_seconds_bucket\{method="GET",route="page",status_class="2xx",le="\+Inf"\} 1/,
    );
    assert.match(text, /toolshop_web_registry_up 1/);
    assert.match(text, /process_resident_memory_bytes \d+/);
    assert.doesNotMatch(text, /tools\/123/);
    assert.equal(webRouteOf('/assets/main.abc123.js'), 'file');
  });

  it('reports the registry down without leaving the rotation', async () => {
    registry.closeAllConnections();
    await new Promise((resolve) => registry.close(resolve));
    const ready = await get('/health/ready');
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ok', registry: 'down' });
    assert.match(await (await get('/metrics', metricsToken)).text(), /toolshop_web_registry_up 0/);
  });
});

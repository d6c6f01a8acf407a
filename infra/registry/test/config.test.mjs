// The registry's settings are checked at boot: a bad value stops the start with a message naming
// it (like the API's loadConfig) instead of a registry that, say, rolls back every canary.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { remoteNames as routeRemotes } from '@toolshop/routes';
import { RegistryConfigError, registryConfig, remoteNames } from '../src/config.mjs';

test('the defaults of a local stack are valid', () => {
  const config = registryConfig({});
  assert.equal(config.canary.maxErrorRate, 0.2);
  assert.equal(config.canary.minSample, 10);
  assert.equal(config.canary.activeWindowMs, 15 * 60_000);
  assert.equal(config.beaconsPerClientMinute, 60);
  assert.equal(config.smoke, true);
});

test('set values are taken as numbers', () => {
  const config = registryConfig({
    CANARY_MAX_ERROR_RATE: '0',
    CANARY_MIN_SAMPLE: '25',
    ACTIVE_WINDOW_MINUTES: '30',
    REGISTRY_PORT: '5030',
    REGISTRY_SMOKE: 'off',
  });
  assert.deepEqual(config.canary, { maxErrorRate: 0, minSample: 25, activeWindowMs: 30 * 60_000 });
  assert.equal(config.port, 5030);
  assert.equal(config.smoke, false);
});

test('a bad value is refused, each one named, with the value it got', () => {
  const cases = {
    CANARY_MAX_ERROR_RATE: ['1.5', '-0.1', 'twenty', '20%'],
    CANARY_MIN_SAMPLE: ['0', '2.5', 'ten'],
    ACTIVE_WINDOW_MINUTES: ['0', 'soon'],
    REGISTRY_BEACONS_PER_CLIENT_MINUTE: ['0', 'many'],
    REGISTRY_PORT: ['70000', 'http'],
    SHELL_URL: ['localhost:3000'],
    REGISTRY_CORS_ORIGINS: ['http://shell.test/path'],
    REGISTRY_SMOKE: ['no'],
  };
  for (const [name, values] of Object.entries(cases)) {
    for (const value of values) {
      assert.throws(
        () => registryConfig({ [name]: value }),
        (error) =>
          error instanceof RegistryConfigError &&
          error.message.includes(name) &&
          error.message.includes(value),
        `${name}=${value}`,
      );
    }
  }
  assert.throws(() => registryConfig({ CANARY_MAX_ERROR_RATE: '2', CANARY_MIN_SAMPLE: 'x' }), {
    message:
      /CANARY_MAX_ERROR_RATE must be a number from 0 to 1 \(got "2"\)\n - CANARY_MIN_SAMPLE must be an integer/,
  });
});

test('the service does not start on a bad setting: it exits with the message, before connecting', () => {
  const main = fileURLToPath(new URL('../src/main.mjs', import.meta.url));
  const run = spawnSync(process.execPath, [main], {
    env: { ...process.env, CANARY_MAX_ERROR_RATE: '1.5', MONGODB_URI: 'mongodb://127.0.0.1:9/' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  assert.equal(run.status, 1, run.stderr);
  assert.match(
    run.stderr,
    /Invalid registry configuration:\n - CANARY_MAX_ERROR_RATE must be a number from 0 to 1 \(got "1\.5"\)/,
  );
});

test("the remotes are the route table's (@toolshop/routes), not a list of its own", () => {
  assert.equal(remoteNames, routeRemotes);
});

test("the production ConfigMap's registry settings pass the same checks", () => {
  const text = readFileSync(
    fileURLToPath(new URL('../../deploy/k8s/base/config.yaml', import.meta.url)),
    'utf8',
  );
  const document = text.split(/^---$/m).find((part) => /^\s+name: registry-config$/m.test(part));
  assert.ok(document, 'infra/deploy/k8s/base/config.yaml has the registry-config ConfigMap');
  const data = document.split(/^data:$/m)[1] ?? '';
  const env = Object.fromEntries(
    [...data.matchAll(/^ {2}([A-Z0-9_]+): '?([^'\n]*)'?$/gm)].map(([, name, value]) => [
      name,
      value,
    ]),
  );
  assert.equal(env.REGISTRY_SMOKE, 'off');
  const config = registryConfig({ ...env, MONGODB_URI: 'mongodb://registry-db:27017/' });
  assert.equal(config.port, 5030);
  assert.equal(config.smoke, false);
});

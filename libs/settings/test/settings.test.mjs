import { strict as assert } from 'node:assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  basePorts,
  defaultWebOrigins,
  demoAccounts,
  harnessDevPorts,
  localUrl,
} from '@toolshop/settings';
import { repoRoot } from '@toolshop/settings/repo-root';

test('the default web origins are the shell and the remotes at their base ports, and the harnesses run alone', () => {
  assert.deepEqual(defaultWebOrigins, [
    localUrl(basePorts.shell),
    localUrl(basePorts.storefront),
    localUrl(basePorts.dashboard),
    localUrl(basePorts.admin),
    localUrl(harnessDevPorts.storefront),
    localUrl(harnessDevPorts.dashboard),
    localUrl(harnessDevPorts.admin),
  ]);
  // a harness run alone never takes a port of the stack (npm start serves the remote's build there)
  for (const port of Object.values(harnessDevPorts))
    assert.ok(!Object.values(basePorts).includes(port));
});

test('the demo accounts cannot be changed by a caller', () => {
  assert.throws(() => {
    // @ts-expect-error -- the point: it is read-only
    demoAccounts.admin.password = 'changed';
  }, TypeError);
});

test('the web part is what the main module says, without the demo accounts', async () => {
  /** @type {Record<string, unknown>} */
  const web = await import('@toolshop/settings/web');
  /** @type {Record<string, unknown>} */
  const all = await import('@toolshop/settings');
  const names = Object.keys(web).filter((name) => name !== 'default' && name !== 'module.exports');
  assert.ok(names.includes('defaultApiUrl'));
  for (const name of names) assert.equal(all[name], web[name], name);
  assert.equal('demoAccounts' in web, false);
});

test('the repository root is the folder of the root package-lock.json', () => {
  assert.ok(existsSync(join(repoRoot, 'package-lock.json')));
  assert.ok(existsSync(join(repoRoot, 'libs/settings/package.json')));
});

// The registry's Ingress (infra/deploy/k8s/base/ingress.yaml) lets in only what the teams' CI and
// the admins' browsers call: the visitors' maps and the beacons stay inside the cluster, where only
// the shell's servers reach them (release hardening). Paths are matched as Kubernetes does: Exact, or Prefix
// by whole path segments.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '@toolshop/settings/repo-root';

/** The host and paths of the Ingress named `name` in a multi-document manifest. */
function ingressPaths(text, name) {
  const document = text
    .split(/^---$/m)
    .find((doc) => /^kind: Ingress$/m.test(doc) && new RegExp(`^  name: ${name}$`, 'm').test(doc));
  assert.ok(document, `no Ingress named ${name}`);
  return [...document.matchAll(/- path: (\S+)\n\s+pathType: (\S+)/g)].map(([, path, type]) => ({
    path,
    type,
  }));
}

/** Whether a request path reaches the backend through these Ingress paths. */
const admitted = (paths, url) =>
  paths.some(({ path, type }) => {
    if (type === 'Exact') return url === path;
    const prefix = path.replace(/\/$/, '');
    return prefix === '' || url === prefix || url.startsWith(`${prefix}/`);
  });

test("the registry's Ingress exposes the teams' and admins' operations only, never the visitors' maps or the beacons", () => {
  const paths = ingressPaths(
    readFileSync(join(repoRoot, 'infra/deploy/k8s/base/ingress.yaml'), 'utf8'),
    'registry',
  );
  for (const url of [
    '/releases',
    '/remotes/storefront/activate',
    '/remotes/admin/rollback',
    '/remotes/dashboard/promote',
    '/status',
    '/history',
  ]) {
    assert.ok(admitted(paths, url), `${url} is needed by CI or the admins' Remote Releases page`);
  }
  for (const url of ['/beacon', '/remotes.json', '/health', '/', '/beacon/', '/remotesx']) {
    assert.ok(!admitted(paths, url), `${url} must stay inside the cluster`);
  }
});

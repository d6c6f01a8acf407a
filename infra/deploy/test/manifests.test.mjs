// The Kubernetes manifests, validated offline by validate/ (Go: kustomize's krusty renders each
// kustomization, every object is decoded strictly into the official k8s.io/api types, then the
// shop's rules are checked). Built from the Go module proxy like infra/ferretdb (.ci/run sets
// GOMODCACHE and GOCACHE under .ci/cache).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

const here = join(import.meta.dirname, '..');
const validateDir = join(here, 'validate');
const binary = join(validateDir, 'bin/validate');

const run = (...dirs) => {
  const result = spawnSync(
    binary,
    dirs.map((dir) => join(here, dir)),
    { encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

describe('Kubernetes manifests (infra/deploy/k8s)', () => {
  before(() => {
    const built = spawnSync('go', ['build', '-o', binary, '.'], {
      cwd: validateDir,
      encoding: 'utf8',
    });
    if (built.error)
      throw new Error(`the manifest validator needs Go on PATH: ${built.error.message}`);
    assert.equal(built.status, 0, `go build of infra/deploy/validate failed:\n${built.stderr}`);
  });

  it('the base and the production overlay are valid Kubernetes and keep every rule', () => {
    const { status, output } = run('k8s/base', 'k8s/overlays/production');
    assert.equal(status, 0, output);
    assert.match(output, /ok {3}\S+k8s\/base: \d+ objects/);
    assert.match(output, /ok {3}\S+k8s\/overlays\/production: \d+ objects/);
  });

  it('the FerretDB-over-PostgreSQL overlay is valid and keeps every rule', () => {
    const { status, output } = run('k8s/overlays/ferretdb-postgres');
    assert.equal(status, 0, output);
    assert.match(output, /ok {3}\S+k8s\/overlays\/ferretdb-postgres: \d+ objects/);
  });

  it('refuses a misspelt field, which Kubernetes would silently drop', () => {
    const { status, output } = run('test/broken/unknown-field');
    assert.equal(status, 1, output);
    assert.match(output, /Deployment web: .*unknown field "readinesProbe"/);
  });

  it('refuses valid objects that break the rules: no readiness probe, writable root, a literal secret', () => {
    const { status, output } = run('test/broken/no-probe');
    assert.equal(status, 1, output);
    assert.match(output, /container web: needs an HTTP readinessProbe/);
    assert.match(output, /container web: securityContext.readOnlyRootFilesystem must be true/);
    assert.match(output, /container web: METRICS_TOKEN must come from a Secret/);
  });

  it('refuses FerretDB opened up: untagged, authentication off, telemetry on, a literal URL, open to all', () => {
    const { status, output } = run('test/broken/ferretdb-open');
    assert.equal(status, 1, output);
    assert.match(output, /container ferretdb: image "ghcr.io\/ferretdb\/ferretdb" must be pinned/);
    assert.match(output, /container ferretdb: FERRETDB_AUTH must be left on/);
    assert.match(output, /container ferretdb: FERRETDB_TELEMETRY must be set to disable/);
    assert.match(output, /container ferretdb: FERRETDB_POSTGRESQL_URL must come from a Secret/);
    assert.match(output, /NetworkPolicy ferretdb: ingress rule 0 must name its peers/);
  });
});

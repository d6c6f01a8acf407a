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

  it('refuses a URL naming a Service port that does not exist, in a ConfigMap or an env value', () => {
    const { status, output } = run('test/broken/service-port');
    assert.equal(status, 1, output);
    assert.match(output, /OIDC_JWKS_URI in ConfigMap api-config \(\S+:4001\/jwks\) names port 4001 of Service identity, which listens on 4000 only/);
    assert.match(output, /SEARCH_URL in ConfigMap api-config \(http:\/\/search:9200\) names Service search in namespace toolshop, which is not defined/);
    assert.match(output, /Deployment web: env REGISTRY_URL of container web \(http:\/\/registry.toolshop\) names port 80 of Service registry, which listens on 5030 only/);
  });

  it('refuses NetworkPolicies that do not let a pair that talks through, either way, inside or out', () => {
    const { status, output } = run('test/broken/policy-gaps');
    assert.equal(status, 1, output);
    assert.match(output, /Deployment api talks to Deployment identity on port 4000 \(OIDC_JWKS_URI in ConfigMap api-config: \S+\): no NetworkPolicy of identity lets it in/);
    assert.match(output, /Deployment registry talks to Deployment api on port 5000 \(API_URL in ConfigMap registry-config: \S+\): no NetworkPolicy lets it out to them/);
    assert.match(output, /Deployment registry talks to shop.example.com outside the cluster on port 443 \(SHELL_URL in ConfigMap registry-config/);
    assert.match(output, /the ingress controller \(namespace ingress-nginx\) talks to Deployment web on port 8080 \(Ingress toolshop: shop.example.com\/\): no NetworkPolicy of web lets it in/);
    // The URLs handed only to browsers (browser-only-keys) ask no egress of the pods.
    assert.doesNotMatch(output, /REGISTRY_CORS_ORIGINS|S3_PUBLIC_URL/);
  });

  it('refuses the wiring issue 29 found: the registry calling api:5000, the web pods kept from the CDN', () => {
    const { status, output } = run('test/broken/issue-29-wiring');
    assert.equal(status, 1, output);
    assert.match(output, /API_URL in ConfigMap registry-config \(http:\/\/api.toolshop.svc.cluster.local:5000\) names port 5000 of Service api, which listens on 80 only/);
    assert.match(output, /Deployment web talks to cdn.shop.example.com outside the cluster on port 443 \(\S+ \S+ of container web: https:\/\/cdn.shop.example.com\): no NetworkPolicy lets it out/);
  });

  it('refuses an index Job that drifts from the API it ships with, restarts in place or never ends', () => {
    const { status, output } = run('test/broken/job-drift');
    assert.equal(status, 1, output);
    assert.match(output, /Job api-indexes container indexes: runs toolshop\/api:0.0.9 but the release runs toolshop\/api:0.1.0 \(Deployment api\)/);
    assert.match(output, /Job api-indexes: restartPolicy must be Never/);
    assert.match(output, /Job api-indexes: needs a backoffLimit and an activeDeadlineSeconds/);
    assert.match(output, /Job api-indexes container indexes: securityContext.readOnlyRootFilesystem must be true/);
    assert.doesNotMatch(output, /Job api-indexes container indexes: needs an HTTP/);
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

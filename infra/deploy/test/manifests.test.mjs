// The Kubernetes manifests, validated offline by validate/ (Go: kustomize's krusty renders each
// kustomization, every object is decoded strictly into the official k8s.io/api types, then the
// shop's rules are checked). Built from the Go module proxy like infra/ferretdb (.ci/run sets
// GOMODCACHE and GOCACHE in the machine-wide cache, outside the clone).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

const here = join(import.meta.dirname, '..');
const validateDir = join(here, 'validate');
const binary = join(validateDir, 'bin/validate');

// What each scraped job exports (checked against the apps' code by exported-metrics.test.mjs).
const exportedMetrics = join(here, 'k8s/components/monitoring/exported-metrics.json');

const run = (...dirs) => {
  const result = spawnSync(
    binary,
    [`--metrics=${exportedMetrics}`, ...dirs.map((dir) => join(here, dir))],
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

  it('the overlay with ExternalSecrets is valid, and they provide every Secret key the manifests read', () => {
    const { status, output } = run('k8s/overlays/production-external-secrets');
    assert.equal(status, 0, output);
    assert.match(output, /ok {3}\S+k8s\/overlays\/production-external-secrets: \d+ objects/);
  });

  it('refuses alert rules naming a metric no app exports, a metric of another job, an unknown job', () => {
    const { status, output } = run('test/broken/monitoring-rules');
    assert.equal(status, 1, output);
    assert.match(
      output,
      /alert OrdersStopped: job api exports no metric toolshop_orders_placed_total/,
    );
    assert.match(
      output,
      /alert RegistryOnApi: job api exports no metric toolshop_registry_page_loads/,
    );
    assert.match(
      output,
      /alert NoSuchJob: job "shop" is none of the scraped jobs \(api, identity, registry, web\)/,
    );
    assert.match(output, /alert Unlabelled: needs a severity label/);
    assert.match(output, /alert Unlabelled: needs a summary annotation/);
    // Functions, aggregations, label names and durations are no metric names.
    assert.doesNotMatch(output, /metric (sum|rate|max|by|remote|job|state)\b/);
  });

  it('refuses a scrape that cannot work: a token the pods do not check, a missing port, no policy', () => {
    const { status, output } = run('test/broken/monitoring-scrape');
    assert.equal(status, 1, output);
    assert.match(
      output,
      /endpoint 0: Deployment web does not read METRICS_TOKEN from Secret toolshop-metrics key scrape-token/,
    );
    assert.match(output, /endpoint 1: Service api has no port named metrics/);
    assert.match(
      output,
      /Prometheus \(namespace monitoring\) talks to Deployment web on port 8080 \(ServiceMonitor toolshop\): no NetworkPolicy of web lets it in/,
    );
  });

  it('refuses ExternalSecrets that leave out a key a pod reads or never refresh', () => {
    const { status, output } = run('test/broken/external-secrets-missing');
    assert.equal(status, 1, output);
    assert.match(
      output,
      /reads Secret key toolshop-registry\/shell-token, which no ExternalSecret provides/,
    );
    assert.match(output, /ExternalSecret toolshop-registry: needs a refreshInterval/);
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
    assert.match(
      output,
      /OIDC_JWKS_URI in ConfigMap api-config \(\S+:4001\/jwks\) names port 4001 of Service identity, which listens on 4000 only/,
    );
    assert.match(
      output,
      /SEARCH_URL in ConfigMap api-config \(http:\/\/search:9200\) names Service search in namespace toolshop, which is not defined/,
    );
    assert.match(
      output,
      /Deployment web: env REGISTRY_URL of container web \(http:\/\/registry.toolshop\) names port 80 of Service registry, which listens on 5030 only/,
    );
  });

  it('refuses NetworkPolicies that do not let a pair that talks through, either way, inside or out', () => {
    const { status, output } = run('test/broken/policy-gaps');
    assert.equal(status, 1, output);
    assert.match(
      output,
      /Deployment api talks to Deployment identity on port 4000 \(OIDC_JWKS_URI in ConfigMap api-config: \S+\): no NetworkPolicy of identity lets it in/,
    );
    assert.match(
      output,
      /Deployment registry talks to Deployment api on port 5000 \(API_URL in ConfigMap registry-config: \S+\): no NetworkPolicy lets it out to them/,
    );
    assert.match(
      output,
      /Deployment registry talks to shop.example.com outside the cluster on port 443 \(SHELL_URL in ConfigMap registry-config/,
    );
    assert.match(
      output,
      /the ingress controller \(namespace ingress-nginx\) talks to Deployment web on port 8080 \(Ingress toolshop: shop.example.com\/\): no NetworkPolicy of web lets it in/,
    );
    // The URLs handed only to browsers (browser-only-keys) ask no egress of the pods.
    assert.doesNotMatch(output, /REGISTRY_CORS_ORIGINS|S3_PUBLIC_URL/);
  });

  it('refuses the wiring the release hardening found: the registry calling api:5000, the web pods kept from the CDN', () => {
    const { status, output } = run('test/broken/hardening-wiring');
    assert.equal(status, 1, output);
    assert.match(
      output,
      /API_URL in ConfigMap registry-config \(http:\/\/api.toolshop.svc.cluster.local:5000\) names port 5000 of Service api, which listens on 80 only/,
    );
    assert.match(
      output,
      /Deployment web talks to cdn.shop.example.com outside the cluster on port 443 \(\S+ \S+ of container web: https:\/\/cdn.shop.example.com\): no NetworkPolicy lets it out/,
    );
  });

  it('refuses an index Job that drifts from the API it ships with, restarts in place or never ends', () => {
    const { status, output } = run('test/broken/job-drift');
    assert.equal(status, 1, output);
    assert.match(
      output,
      /Job api-indexes container indexes: runs toolshop\/api:0.0.9 but the release runs toolshop\/api:0.1.0 \(Deployment api\)/,
    );
    assert.match(output, /Job api-indexes: restartPolicy must be Never/);
    assert.match(output, /Job api-indexes: needs a backoffLimit and an activeDeadlineSeconds/);
    assert.match(
      output,
      /Job api-indexes container indexes: securityContext.readOnlyRootFilesystem must be true/,
    );
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

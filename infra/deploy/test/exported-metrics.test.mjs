// k8s/components/monitoring/exported-metrics.json against the apps' code: every name it lists for a
// job is one that job's code exports, and every metric of the shop's own a job defines is listed.
// The validator (--metrics=) checks the alert rules against that list, so a rule naming a metric
// nobody exports fails npm test.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ServiceMetrics } from '@toolshop/observability';
import { registryMetrics } from '@toolshop/registry/operations.mjs';
import { repoRoot } from '@toolshop/settings/repo-root';
import { withOperations } from '../web/operations.mjs';

const listed = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '../k8s/components/monitoring/exported-metrics.json'),
    'utf8',
  ),
);

/** The metric names of a Prometheus text exposition (its TYPE lines). */
const namesIn = (text) => new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]));

/** The names a source file gives its prom-client metrics (`name: '…'`). */
const definedIn = (file) =>
  [...readFileSync(join(repoRoot, file), 'utf8').matchAll(/\bname: '([a-z_:][a-z0-9_:]*)'/g)].map(
    (match) => match[1],
  );

/** A database with no documents, for the registry's gauges. */
const emptyDb = {
  collection: () => ({
    aggregate: () => ({ toArray: async () => [] }),
    find: () => ({ toArray: async () => [] }),
  }),
};

async function webNames() {
  const server = createServer((_req, res) => res.end());
  withOperations(server, { root: '/nonexistent', registryUrl: 'http://127.0.0.1:1' });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return namesIn(await (await fetch(`http://127.0.0.1:${server.address().port}/metrics`)).text());
  } finally {
    server.close();
  }
}

describe('exported-metrics.json against the code', async () => {
  const shared = namesIn(await new ServiceMetrics().render());
  const own = {
    api: definedIn('api/src/observability/api-metrics.ts'),
    identity: definedIn('infra/identity/src/http/observability.ts'),
    registry: [...namesIn(await registryMetrics(emptyDb).render())].filter(
      (name) => !shared.has(name),
    ),
    web: [...(await webNames())],
  };
  const exported = {
    api: new Set([...shared, ...own.api]),
    identity: new Set([...shared, ...own.identity]),
    registry: new Set([...shared, ...own.registry]),
    web: new Set(own.web),
  };

  it('lists the four scraped jobs', () => {
    assert.deepEqual(Object.keys(listed).sort(), ['api', 'identity', 'registry', 'web']);
  });

  for (const job of Object.keys(exported)) {
    it(`${job}: every listed name is exported, every metric of its own is listed`, () => {
      assert.ok(own[job].length > 0, `found no metric of ${job}'s own`);
      assert.deepEqual(
        listed[job].filter((name) => !exported[job].has(name)),
        [],
        `listed for ${job} but not exported`,
      );
      assert.deepEqual(
        own[job].filter((name) => !/^(process|nodejs)_/.test(name) && !listed[job].includes(name)),
        [],
        `exported by ${job} but not listed`,
      );
    });
  }

  it('every job exports the request histogram the 5xx and latency rules read', () => {
    for (const job of Object.keys(listed))
      assert.ok(listed[job].includes('http_server_request_duration_seconds'), job);
  });
});

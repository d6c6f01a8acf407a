import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import {
  bearerChecker,
  formatTraceparent,
  parseTraceparent,
  ServiceMetrics,
} from '@toolshop/observability';

const GIVEN = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('W3C trace context', () => {
  it('continues the caller’s trace with a span of its own', () => {
    const trace = parseTraceparent(GIVEN);
    assert.equal(trace.traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
    assert.equal(trace.parentId, '00f067aa0ba902b7');
    assert.equal(trace.flags, '01');
    assert.match(trace.spanId, /^[0-9a-f]{16}$/);
    assert.notEqual(trace.spanId, '00f067aa0ba902b7');
    assert.equal(
      formatTraceparent(trace),
      `00-4bf92f3577b34da6a3ce929d0e0e4736-${trace.spanId}-01`,
    );
  });

  it('accepts later versions with extra fields', () => {
    assert.equal(
      parseTraceparent(`01${GIVEN.slice(2)}-extra`).traceId,
      '4bf92f3577b34da6a3ce929d0e0e4736',
    );
  });

  it('starts a new trace on a missing or invalid header', () => {
    for (const header of [
      undefined,
      ['a', 'b'],
      'garbage',
      `ff${GIVEN.slice(2)}`,
      `${GIVEN}-extra`,
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      GIVEN.toUpperCase(),
    ]) {
      const trace = parseTraceparent(header);
      assert.match(trace.traceId, /^[0-9a-f]{32}$/);
      assert.notEqual(trace.traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
      assert.equal(trace.parentId, undefined);
      assert.equal(trace.flags, '00');
    }
  });

  it('gives every new trace and span ids of their own', () => {
    // More ids than one draw of random bytes holds, so the draws follow one another.
    const ids = Array.from({ length: 500 }, () => parseTraceparent(undefined)).flatMap((trace) => [
      trace.traceId,
      trace.spanId,
    ]);
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^[0-9a-f]{16}([0-9a-f]{16})?$/);
  });
});

describe('ServiceMetrics', () => {
  it('measures requests by route template and status class, the pool and the process', async () => {
    const metrics = new ServiceMetrics();
    assert.equal(metrics.observeRequest('GET', '/tools/:id', 200, 0.004), '2xx');
    metrics.observeRequest('BREW', '/tools/:id', 404, 0.2);
    metrics.observeRequest('get-me', 'unmatched', 404, 0.2);
    const pool = new EventEmitter();
    metrics.watchPool(pool);
    pool.emit('connectionCreated', {});
    pool.emit('connectionCreated', {});
    pool.emit('connectionCheckedOut', {});
    pool.emit('connectionCheckOutFailed', { reason: 'timeout' });
    const text = await metrics.render();
    assert.match(
      text,
      /http_server_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/tools\/:id",status_class="2xx"\} 1/,
    );
    assert.match(
      text,
      /http_server_request_duration_seconds_count\{method="BREW",route="\/tools\/:id",status_class="4xx"\} 1/,
    );
    assert.match(text, /method="OTHER",route="unmatched"/);
    assert.match(text, /mongodb_pool_connections\{state="open"\} 2/);
    assert.match(text, /mongodb_pool_connections\{state="in_use"\} 1/);
    assert.match(text, /mongodb_pool_checkout_failures_total\{reason="timeout"\} 1/);
    assert.match(text, /process_cpu_user_seconds_total/);
    assert.match(metrics.contentType, /^text\/plain; version=0\.0\.4/);
    // A second server in the same process: its own counts, the same process metrics.
    assert.doesNotMatch(await new ServiceMetrics().render(), /route="\/tools\/:id"/);
  });

  it("reads a connected client's pools at each scrape, connections opened before watching included", async () => {
    const metrics = new ServiceMetrics();
    const pool = { totalConnectionCount: 3, currentCheckedOutCount: 1 };
    const client = Object.assign(new EventEmitter(), {
      topology: { s: { servers: new Map([['127.0.0.1:27017', { pool }]]) } },
    });
    metrics.watchPool(client);
    client.emit('connectionClosed', {}); // one of the three closed after watching began
    pool.totalConnectionCount = 2;
    const text = await metrics.render();
    assert.match(text, /mongodb_pool_connections\{state="open"\} 2/);
    assert.match(text, /mongodb_pool_connections\{state="in_use"\} 1/);
  });
});

describe('bearerChecker', () => {
  it('accepts exactly the configured token', () => {
    const check = bearerChecker('scrape-token-0123456789');
    assert.equal(check('Bearer scrape-token-0123456789'), true);
    for (const header of [
      undefined,
      '',
      'scrape-token-0123456789',
      'Bearer scrape-token-012345678',
      'Basic x',
      'Bearer ',
    ])
      assert.equal(check(header), false, String(header));
  });
});

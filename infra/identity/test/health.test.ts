import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { useTestIdentity } from './support/test-identity.ts';

const identity = useTestIdentity(27427);

describe('health endpoints (the load balancer checks /health/ready)', () => {
  it('answers /health while the process runs and /health/ready while its database answers', async () => {
    const alive = await fetch(`${identity.url}/health`);
    assert.equal(alive.status, 200);
    assert.deepEqual(await alive.json(), { status: 'ok' });
    const ready = await fetch(`${identity.url}/health/ready`);
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ok', database: 'up' });
    assert.equal(ready.headers.get('cache-control'), 'no-store');
  });

  it('leaves other methods and paths to the provider', async () => {
    const post = await fetch(`${identity.url}/health/ready`, { method: 'POST' });
    assert.notEqual(post.status, 200);
    const deeper = await fetch(`${identity.url}/health/ready/x`);
    assert.equal(deeper.status, 404);
  });
});

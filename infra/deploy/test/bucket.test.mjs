// The releases bucket's production rules (infra/deploy/bucket): the same as the local
// store's: a team writes only under its own prefix, only new keys, nobody deletes, the lock stays.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '@toolshop/settings/repo-root';

const dir = join(repoRoot, 'infra/deploy/bucket');
const read = (file) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const remotes = ['storefront', 'dashboard', 'admin'];
const actions = (statement) => [statement.Action].flat();
const resources = (statement) => [statement.Resource].flat();

const bucket = /S3_BUCKET: (\S+)/.exec(
  readFileSync(join(repoRoot, 'infra/deploy/k8s/base/config.yaml'), 'utf8'),
)?.[1];

test('the bucket of the manifests is the one the policies name', () => {
  assert.equal(bucket, 'toolshop-remotes');
  for (const file of [
    'bucket-policy.json',
    'registry-policy.json',
    ...remotes.map((r) => `release-${r}-policy.json`),
  ]) {
    for (const statement of read(file).Statement) {
      for (const resource of resources(statement))
        assert.match(resource, new RegExp(`^arn:aws:s3:::${bucket}(/|$)`), `${file}: ${resource}`);
    }
  }
});

test("each team's policy writes only new objects under its own prefix, and deletes nothing", () => {
  for (const remote of remotes) {
    const { Statement } = read(`release-${remote}-policy.json`);
    for (const statement of Statement) {
      assert.equal(statement.Effect, 'Allow');
      for (const action of actions(statement))
        assert.doesNotMatch(
          action,
          /Delete|\*|Bucket(Policy|ObjectLock|Versioning)|Retention|LegalHold/,
          `${remote}: ${action}`,
        );
      if (actions(statement).includes('s3:PutObject'))
        assert.deepEqual(resources(statement), [`arn:aws:s3:::${bucket}/${remote}/*`]);
      if (actions(statement).includes('s3:ListBucket'))
        assert.deepEqual(statement.Condition, { StringLike: { 's3:prefix': [`${remote}/*`] } });
    }
    assert.ok(
      Statement.some((s) => actions(s).includes('s3:PutObject')),
      `${remote} can release`,
    );
  }
  const registry = read('registry-policy.json').Statement;
  assert.deepEqual(registry.flatMap(actions), ['s3:GetObject']);
});

test('the bucket refuses every delete and every unconditional write, and keeps its lock', () => {
  const { Statement } = read('bucket-policy.json');
  const denies = Statement.filter((s) => s.Effect === 'Deny' && s.Principal === '*');
  const denied = (action, condition) =>
    denies.some(
      (s) =>
        actions(s).includes(action) &&
        (condition ? JSON.stringify(s.Condition) === JSON.stringify(condition) : !s.Condition),
    );
  for (const action of [
    's3:DeleteObject',
    's3:DeleteObjectVersion',
    's3:BypassGovernanceRetention',
    's3:DeleteBucket',
    's3:PutBucketObjectLockConfiguration',
  ]) {
    assert.ok(denied(action), `${action} is denied to everyone`);
  }
  assert.ok(
    denied('s3:PutObject', { Null: { 's3:if-none-match': 'true' } }),
    'a write without If-None-Match is denied',
  );
  const allows = Statement.filter((s) => s.Effect === 'Allow');
  assert.deepEqual(allows.flatMap(actions), ['s3:GetObject'], 'anonymous callers only read');
  const lock = read('object-lock.json');
  assert.equal(lock.ObjectLockEnabled, 'Enabled');
  assert.equal(lock.Rule.DefaultRetention.Mode, 'COMPLIANCE');
  assert.ok(lock.Rule.DefaultRetention.Days >= 30);
});

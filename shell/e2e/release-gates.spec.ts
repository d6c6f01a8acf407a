// Gates that catch a broken page, signals nobody can forge, an active version that guards
// itself. Candidates are copies of a remote's current build, changed the way a broken build is
// (a page that throws while rendering, one that renders nothing, a chunk missing from the store),
// published with the team's release script to the test stack's store and registry.
// It changes what the stack's visitors get of the admin remote, so it runs with the release tests
// after all others (Playwright project "releases"); alone: `playwright test ... --no-deps release-gates`.
import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page, Request } from '@playwright/test';
import { repoRoot } from '@toolshop/settings/repo-root';
import { expect, stack, test } from '@toolshop/devstack/e2e';

type Remote = 'storefront' | 'admin';

const run = promisify(execFile);
const stamp = Date.now().toString(36);
const version = (name: string) => `0.1.0+gates.${stamp}.${name}`;
const folders: string[] = [];
const env = {
  ...process.env,
  TOOLSHOP_PORT_OFFSET: String(stack.ports.shell - 3000),
  REGISTRY_ACTOR: 'e2e gates',
};
const teamToken = (remote: Remote) => `${remote}-demo-token`;

test.describe.configure({ mode: 'serial' });
// A release is an upload, an activation a headless smoke check of every page: minutes on a busy machine.
test.setTimeout(300_000);

test.afterAll(async () => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  // Back to the stack's own admin build, as the other tests know it.
  for (let i = 0; i < 20 && (await status('admin')).active; i++) {
    await registry('/remotes/admin/rollback', teamToken('admin'), { method: 'POST', body: '{}' });
  }
});

/** A copy of a remote's build; `change(folder)` edits it like a broken build. */
function variant(remote: Remote, name: string, change: (folder: string) => void = () => {}) {
  const dist = mkdtempSync(join(tmpdir(), `${remote}-${name}-`));
  folders.push(dist);
  cpSync(join(repoRoot, `${remote}-mfe/dist`), dist, { recursive: true });
  change(dist);
  return dist;
}

/** Publishes a variant as `name` with the team's release script. */
async function release(remote: Remote, name: string, change?: (folder: string) => void) {
  const dist = variant(remote, name, change);
  await run(
    process.execPath,
    [
      'infra/registry/src/release.mjs',
      remote,
      '--skip-build',
      '--dist',
      dist,
      '--version',
      version(name),
    ],
    {
      cwd: repoRoot,
      env,
    },
  );
  return version(name);
}

async function registry<T>(
  path: string,
  token: string | undefined,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const answer = await fetch(`${stack.registry}${path}`, {
    ...init,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'Content-Type': 'application/json',
    },
  });
  return { status: answer.status, body: (await answer.json()) as T };
}

interface Entry {
  version: string;
  reports: { ok: number; errors: number };
}
type RemoteStatus = { active: Entry | null; canary: Entry | null };
const status = async (remote: Remote) =>
  (await registry<Record<Remote, RemoteStatus>>('/status', teamToken(remote))).body[remote];

const activate = (remote: Remote, candidate: string) =>
  registry<{ message: string; problems?: string[] }>(
    `/remotes/${remote}/activate`,
    teamToken(remote),
    {
      method: 'POST',
      body: JSON.stringify({ version: candidate, reason: 'e2e gates' }),
    },
  );

/**
 * Appends code to the remote's entry that answers one exposed page with `component` (JS source): the
 * container the runtime reads (the global named after the remote) asks its own `get` for the rest.
 */
const answerPage = (remote: Remote, page: string, component: string) => (folder: string) => {
  const entry = join(folder, 'remoteEntry.js');
  const get =
    `(function(get){return function(m){if(m===${JSON.stringify(`./${page}`)})` +
    `return Promise.resolve(function(){return {__esModule:true,default:${component}}});return get.apply(this,arguments)}})(${remote}.get)`;
  writeFileSync(
    entry,
    `${readFileSync(entry, 'utf8')}\n;${remote}=Object.create(${remote},{get:{value:${get}}});\n`,
  );
};

test('a broken release is refused by the smoke check: a page that throws, one that renders nothing, a chunk that 404s', async () => {
  const throws = await release(
    'storefront',
    'throws',
    answerPage(
      'storefront',
      'BlogsPage',
      'function(){throw new Error("blogs broke while rendering")}',
    ),
  );
  const empty = await release(
    'storefront',
    'empty',
    answerPage('storefront', 'BlogsPage', 'function(){return null}'),
  );
  const missingChunk = await release('storefront', 'missing-chunk', (folder) => {
    // the portfolio page's own chunk is not uploaded: the entry still asks for it (a 404 in the store)
    const chunk = readdirSync(folder).find((file) =>
      /^__federation_expose_PortfolioPage\..*\.js$/.test(file),
    );
    if (!chunk) throw new Error('the storefront build has no PortfolioPage chunk');
    renameSync(join(folder, chunk), join(folder, `gone-${chunk}`));
  });

  const refusedThrows = await activate('storefront', throws);
  expect(refusedThrows.status).toBe(422);
  // the error boundary's catch, the fallback it shows and the error it logs are each named
  expect(refusedThrows.body.problems).toEqual(
    expect.arrayContaining([
      'smoke check: /blogs: the shell caught a render failure of storefront: blogs broke while rendering',
      expect.stringMatching(
        /^smoke check: \/blogs shows the shell's fallback \(unavailable of storefront: The shop is not available right now\./,
      ),
      expect.stringMatching(/^smoke check: \/blogs logged an error: /),
    ]),
  );
  expect(
    refusedThrows.body.problems?.some(
      (problem) =>
        problem.startsWith('smoke check: / ') || problem.startsWith('smoke check: /portfolio'),
    ),
  ).toBe(false);

  const refusedEmpty = await activate('storefront', empty);
  expect(refusedEmpty.status).toBe(422);
  expect(refusedEmpty.body.problems).toEqual([
    'smoke check: /blogs rendered nothing in the page area',
  ]);

  const refusedChunk = await activate('storefront', missingChunk);
  expect(refusedChunk.status).toBe(422);
  expect(refusedChunk.body.problems).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        /^smoke check: \/portfolio: the shell caught a load failure of storefront: /,
      ),
      expect.stringMatching(
        /^smoke check: \/portfolio shows the shell's fallback \(unavailable of storefront: /,
      ),
    ]),
  );
  expect(refusedChunk.body.message).toContain(
    `storefront ${missingChunk} was refused: smoke check: /portfolio`,
  );

  // none of them went live (the storefront's own release tests may change it meanwhile); the history names each refusal
  const now = await status('storefront');
  for (const refused of [throws, empty, missingChunk])
    expect([now.active?.version, now.canary?.version]).not.toContain(refused);
  const history = (
    await registry<{ action: string; version: string }[]>(
      '/history?remote=storefront',
      teamToken('storefront'),
    )
  ).body;
  expect(history.filter(({ action }) => action === 'refused').map(({ version: v }) => v)).toEqual(
    expect.arrayContaining([throws, empty, missingChunk]),
  );
});

/** The beacons the page sends to the shell's server (their bodies), as they go. */
function beaconsOf(page: Page): { body: Record<string, string> }[] {
  const sent: { body: Record<string, string> }[] = [];
  page.on('request', (request: Request) => {
    if (request.url() === `${stack.shell}/remotes/beacon`)
      sent.push({ body: JSON.parse(request.postData() ?? '{}') as Record<string, string> });
  });
  return sent;
}

test('a forged beacon is refused, a replayed one counts once, a failing page load counts once as failed', async ({
  page,
  signIn,
}) => {
  const good = await release('admin', 'good');
  expect((await activate('admin', good)).status).toBe(200);
  expect((await status('admin')).active).toEqual({
    version: good,
    since: expect.any(String),
    reports: { ok: 0, errors: 0 },
  });
  await signIn('admin');
  const sent = beaconsOf(page);
  await page.goto('/dashboard/users');
  await expect(page.getByRole('heading', { name: 'Make Admin' })).toBeVisible();
  await expect.poll(() => sent.find(({ body }) => body.remote === 'admin')).toBeTruthy();
  const real = sent.find(({ body }) => body.remote === 'admin')!.body;
  expect(real).toMatchObject({ remote: 'admin', version: good, kind: 'ok' });
  await expect
    .poll(async () => (await status('admin')).active?.reports)
    .toEqual({ ok: 1, errors: 0 });

  const post = async (body: unknown) => {
    const answer = await page.request.post('/remotes/beacon', {
      data: JSON.stringify(body),
      headers: { 'Content-Type': 'text/plain' },
    });
    return {
      status: answer.status(),
      message:
        answer.status() === 204 ? '' : ((await answer.json()) as { message: string }).message,
    };
  };
  // anonymous posts, as the issue's 10 that rolled a healthy canary back: none is taken
  const forged = { remote: 'admin', version: good, kind: 'render', message: 'forged' };
  for (let i = 0; i < 10; i++) {
    expect(await post(forged)).toEqual({
      status: 403,
      message: "the beacon's id is missing, forged, expired or another browser's",
    });
  }
  // the real id made into a new page load (its nonce changed), or sent for a version it was not served
  const [payload, signature] = real.id!.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { p: string };
  for (const nonce of ['forged-page-load-0001', 'forged-page-load-0002']) {
    const changed = Buffer.from(JSON.stringify({ ...claims, p: nonce })).toString('base64url');
    expect((await post({ ...forged, id: `${changed}.${signature}` })).status).toBe(403);
  }
  expect((await post({ ...forged, version: '9.9.9', id: real.id })).status).toBe(403);
  // the registry itself takes beacons only from the shell's servers
  const direct = await registry<{ message: string }>('/beacon', undefined, {
    method: 'POST',
    body: JSON.stringify({
      remote: 'admin',
      version: good,
      kind: 'render',
      id: 'a-page-load-id-of-mine',
    }),
  });
  expect(direct.status).toBe(401);
  expect(
    (await registry('/beacon', teamToken('admin'), { method: 'POST', body: '{}' })).status,
  ).toBe(401);
  // the real page load's id, replayed: its failure turns that one page load into a failure, once
  for (let i = 0; i < 10; i++)
    expect((await post({ ...real, kind: 'render', message: 'replayed' })).status).toBe(204);
  await expect
    .poll(async () => (await status('admin')).active?.reports)
    .toEqual({ ok: 0, errors: 1 });
  await page.waitForTimeout(1000);
  expect((await status('admin')).active?.reports).toEqual({ ok: 0, errors: 1 });
  await page.screenshot({ path: test.info().outputPath('admin-page.png') });
});

test('an active version whose files are tampered is rolled back to the last good one automatically', async ({
  page,
  signIn,
}) => {
  const good = (await status('admin')).active?.version as string;
  const tampered = await release('admin', 'tampered');
  expect((await activate('admin', tampered)).status).toBe(200);
  // The CDN now serves other bytes for the Make Admin page's chunk: Subresource Integrity refuses
  // them, the page shows the fallback and reports a load failure, page load after page load.
  await page
    .context()
    .route(
      new RegExp(
        `/admin/${tampered.replaceAll('.', '\\.').replaceAll('+', '(\\+|%2B)')}/__federation_expose_MakeAdminPage\\.[^/]*\\.js$`,
      ),
      (route) =>
        route.fulfill({ body: 'document.title = "tampered"', contentType: 'text/javascript' }),
    );
  await signIn('admin');
  const fallback = page
    .getByRole('main')
    .getByRole('alert')
    .filter({ hasText: 'The admin area is not available right now.' });
  const makeAdmin = page.getByRole('heading', { name: 'Make Admin' });
  for (let i = 0; i < 30 && (await status('admin')).active?.version === tampered; i++) {
    await page.goto('/dashboard/users');
    // The page shows the fallback, or, when the registry rolled back between the check above and
    // this load, the good version's page (the history below must then say so).
    await expect(fallback.or(makeAdmin)).toBeVisible();
    if (await makeAdmin.isVisible()) break;
  }
  await expect
    .poll(async () => (await status('admin')).active?.version, { timeout: 30_000 })
    .toBe(good);
  const [last] = (
    await registry<Record<string, unknown>[]>('/history?remote=admin', teamToken('admin'))
  ).body;
  expect(last).toMatchObject({
    action: 'rollback',
    version: good,
    from: tampered,
    by: 'registry',
    automatic: true,
  });
  expect(last?.reason).toMatch(
    /^automatic: error rate \d+ % over \d+ page loads \(threshold 20 %, minimum 10\)$/,
  );
  // the next page load gets the good version again
  await page.context().unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto('/dashboard/users');
  await expect(page.getByRole('heading', { name: 'Make Admin' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('rolled-back.png') });
});

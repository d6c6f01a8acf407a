// A preview link. QA opens the composed shop with the storefront at a candidate
// version that nobody else gets (it is not activated): the link from `npm run remotes -- preview`
// sets a signed cookie in that browser, the shell shows "Preview: storefront <version>", and other
// browsers keep the live version. A forged or expired link is refused.
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@toolshop/settings/repo-root';
import { expect, stack, test } from '@toolshop/devstack/e2e';

const run = promisify(execFile);
const heroV1 = 'Tools that work as hard as';
const heroV2 = 'Preview build: tools as tough as';
const env = {
  ...process.env,
  TOOLSHOP_PORT_OFFSET: String(stack.ports.shell - 3000),
  REGISTRY_ACTOR: 'e2e',
};
const candidate = `0.2.0+e2e.preview.${Date.now().toString(36)}`;
let dist = '';

test.setTimeout(180_000);

test.beforeAll(async () => {
  // a candidate build: the storefront's with a visible change, published but not activated
  dist = mkdtempSync(join(tmpdir(), 'storefront-preview-'));
  cpSync(join(repoRoot, 'storefront-mfe/dist'), dist, { recursive: true });
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|json)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const text = readFileSync(path, 'utf8');
    if (text.includes(heroV1)) writeFileSync(path, text.replaceAll(heroV1, heroV2));
  }
  // as CI does on a pull request: release, smoke check, a preview link (written for the PR comment), nothing activated
  const linkFile = join(dist, '..', `${candidate}.preview.txt`);
  const before = await registryStatus();
  const { stdout } = await run(
    process.execPath,
    [
      'infra/registry/src/pipeline.mjs',
      'storefront',
      '--skip-tests',
      '--dist',
      dist,
      '--version',
      candidate,
      '--preview',
    ],
    { cwd: repoRoot, env: { ...env, PREVIEW_LINK_FILE: linkFile } },
  );
  expect(stdout).toContain(`[pipeline] 3/4 smoke check`);
  expect(readFileSync(linkFile, 'utf8')).toMatch(
    new RegExp(
      `^Preview of storefront ${candidate.replaceAll('.', '\\.').replace('+', '\\+')} until .*\\n${stack.shell}/remotes/preview\\?token=`,
    ),
  );
  rmSync(linkFile);
  expect(await registryStatus()).toEqual(before);
});

/** What the registry has live for the storefront (active and canary). */
async function registryStatus() {
  const answer = await fetch(`${stack.registry}/status`, {
    headers: { Authorization: 'Bearer storefront-demo-token' },
  });
  const { storefront } = (await answer.json()) as {
    storefront: { active: { version: string } | null; canary: { version: string } | null };
  };
  return { active: storefront.active?.version ?? null, canary: storefront.canary?.version ?? null };
}

test.afterAll(() => rmSync(dist, { recursive: true, force: true }));

test('QA opens a preview link: the candidate for that browser only, with a banner; a forged or expired link is refused', async ({
  browser,
}) => {
  const { stdout } = await run(
    process.execPath,
    ['infra/registry/src/cli.mjs', 'preview', 'storefront', candidate, '--minutes', '30'],
    { cwd: repoRoot, env },
  );
  const link = /(http:\/\/\S+\/remotes\/preview\?token=\S+)/.exec(stdout)?.[1];
  expect(link, stdout).toBeTruthy();

  const qa = await browser.newContext({ baseURL: stack.shell });
  const qaPage = await qa.newPage();
  await qaPage.goto(link!.replace(/^http:\/\/localhost:\d+/, stack.shell));
  await expect(qaPage).toHaveURL(`${stack.shell}/`);
  await expect(qaPage.getByRole('status').filter({ hasText: 'Preview:' })).toContainText(
    `Preview: storefront ${candidate}`,
  );
  await expect(qaPage.getByRole('heading', { level: 1 })).toContainText(heroV2);
  await qaPage.screenshot({ path: test.info().outputPath('preview-qa.png') });
  // the candidate on the next pages too, from the store's candidate folder
  await qaPage.goto('/blogs');
  await expect(qaPage.getByRole('status').filter({ hasText: 'Preview:' })).toBeVisible();
  const map = (await (await qaPage.request.get('/remotes.json')).json()) as {
    storefront: { version: string };
  };
  expect(map.storefront.version).toBe(candidate);

  // another visitor: the live version, no banner
  const other = await browser.newContext({ baseURL: stack.shell });
  const otherPage = await other.newPage();
  await otherPage.goto('/');
  await expect(otherPage.getByRole('heading', { level: 1 })).toContainText(heroV1);
  await expect(otherPage.getByText('Preview:')).toHaveCount(0);
  const otherMap = (await (await otherPage.request.get('/remotes.json')).json()) as {
    storefront: string | { version: string };
  };
  expect(
    typeof otherMap.storefront === 'string' ? otherMap.storefront : otherMap.storefront.version,
  ).not.toBe(candidate);

  // a forged link (another version under the same signature) and an expired one are refused
  const token = new URL(link!).searchParams.get('token')!;
  const [payload = '', signature = ''] = token.split('.');
  const forgedPayload = Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), v: '9.9.9' }),
  ).toString('base64url');
  // an expired link, signed with the stack's real key (as libs/web-server/src/preview.mjs signs)
  const key = readFileSync(
    join(repoRoot, 'data/preview-keys', `${stack.ports.shell}.key`),
    'utf8',
  ).trim();
  const hmacKey = createHmac('sha256', key).update('toolshop preview links v1').digest();
  const expiredPayload = Buffer.from(
    JSON.stringify({ r: 'storefront', v: candidate, e: Date.now() - 60_000 }),
  ).toString('base64url');
  const expired = `${expiredPayload}.${createHmac('sha256', hmacKey).update(expiredPayload).digest('base64url')}`;
  for (const bad of [`${forgedPayload}.${signature}`, expired]) {
    const answer = await otherPage.goto(`/remotes/preview?token=${bad}`);
    expect(answer?.status()).toBe(403);
    await expect(
      otherPage.getByText('This preview link is not valid or has expired.'),
    ).toBeVisible();
  }
  await otherPage.goto('/');
  await expect(otherPage.getByRole('heading', { level: 1 })).toContainText(heroV1);

  // QA ends the preview: the live version again
  await qaPage.goto('/');
  await qaPage.getByRole('link', { name: 'End preview' }).click();
  await expect(qaPage.getByRole('heading', { level: 1 })).toContainText(heroV1);
  await expect(qaPage.getByText('Preview:')).toHaveCount(0);
  await qa.close();
  await other.close();
});

// Schemathesis (a fuzzer nobody here wrote) against the API's own OpenAPI document, with an
// anonymous caller, a customer's and an admin's real token. Fails on any 5xx and on any answer that
// contradicts the document (status code, content type, headers, body schema). Bounded in time.
//
//   npm run fuzz -w @toolshop/api [-- --max-examples N --seed S]
//
// Schemathesis comes from PyPI into a virtualenv inside the clone (.ci/cache/schemathesis), once.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { demoAccounts, startStack } from '@toolshop/devstack/stack.mjs';
import { WEB_CLIENT_ID } from '@toolshop/settings';
import { repoRoot as root } from '@toolshop/settings/repo-root';

const SCHEMATHESIS = 'schemathesis==4.32.5';
const venv = join(root, '.ci/cache/schemathesis');
const bin = join(venv, 'bin/schemathesis');

const { values: options } = parseArgs({
  options: {
    'max-examples': { type: 'string', default: '50' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    offset: { type: 'string', default: process.env.TOOLSHOP_FUZZ_OFFSET ?? '400' },
  },
});

function installSchemathesis() {
  const ready = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  if (ready.status === 0 && ready.stdout.includes(SCHEMATHESIS.split('==')[1])) return;
  console.log(`installing ${SCHEMATHESIS} into ${venv}`);
  const python = ['python3', 'python'].find((name) => spawnSync(name, ['--version']).status === 0);
  if (!python) throw new Error('the API fuzzer needs Python 3 (python3) on the machine');
  const steps = [
    [python, ['-m', 'venv', venv]],
    [join(venv, 'bin/pip'), ['install', '--quiet', '--disable-pip-version-check', SCHEMATHESIS]],
  ];
  for (const [command, args] of steps) {
    const result = spawnSync(command, args, { stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
  }
}

async function json(response) {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return { text };
  }
}

/** A real access token from the provider's password grant (the token the shop itself uses). */
async function accessToken(stack, { email, password }) {
  const response = await fetch(`${stack.identity}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: WEB_CLIENT_ID,
      username: email,
      password,
      scope: 'openid email profile',
    }),
  });
  const body = await json(response);
  if (!response.ok || !body.access_token)
    throw new Error(`no token for ${email}: ${JSON.stringify(body)}`);
  return body.access_token;
}

async function newCustomer(stack) {
  const user = {
    name: 'Fuzz Customer',
    email: `fuzz-${Date.now()}@toolshop.test`,
    password: 'fuzz-password',
  };
  const response = await fetch(`${stack.identity}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!response.ok)
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(await json(response))}`);
  await followSignupLink(stack, user.email);
  return user;
}

/** The account exists once the link of its sign-up email is followed (sign-up by mailed link): read it from the mail catcher. */
async function followSignupLink(stack, email) {
  const query = encodeURIComponent(`to:"${email}"`);
  for (let attempt = 0; attempt < 60; attempt++) {
    const { messages = [] } = await json(await fetch(`${stack.mail}/api/v1/search?query=${query}`));
    if (messages[0]) {
      const message = await json(await fetch(`${stack.mail}/api/v1/message/${messages[0].ID}`));
      const link = /https?:\/\/\S+\/accounts\/verify\?token=[A-Za-z0-9_-]+/.exec(
        message.Text ?? '',
      )?.[0];
      const followed = link && (await fetch(link, { redirect: 'manual' }));
      if (followed?.status === 303) return;
      throw new Error(`the sign-up link of ${email} did not make the account`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no sign-up mail to ${email}`);
}

/**
 * One run as one caller. `email`, when given, is the value of every `email` parameter, so the
 * customer's own lists (GET /orders?email=...) are reached instead of answering 403 to random emails.
 * The callers run at the same time (each mostly waits on the API); each one's output is printed
 * whole, under its own heading, when it ends. Resolves whether it passed.
 */
function fuzz(stack, label, { token, email }, reportDir) {
  const config = join(reportDir, `${label}.toml`);
  writeFileSync(config, email ? `[parameters]\nemail = ${JSON.stringify(email)}\n` : '');
  const args = [
    '--config-file',
    config,
    'run',
    `${stack.api}/docs-json`,
    '--url',
    stack.api,
    '--checks',
    'not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance',
    '--max-examples',
    options['max-examples'],
    '--seed',
    options.seed,
    // One worker: Hypothesis' source cache is not thread-safe (random KeyErrors inside Schemathesis).
    '--workers',
    '1',
    '--request-timeout',
    '10',
    '--generation-database',
    'none',
    '--suppress-health-check',
    'all',
    '--no-color',
    '--report',
    'junit',
    '--report-junit-path',
    join(reportDir, `${label}.xml`),
    // The webhook only takes Stripe-signed bodies; its refusals are tested in the API's own suite.
    '--exclude-path',
    '/payments/webhook',
  ];
  if (token) args.push('--header', `Authorization: Bearer ${token}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const output = [];
    const child = spawn(bin, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SCHEMATHESIS_TELEMETRY: 'false' },
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let reported = false;
    const done = (ok, why = '') => {
      if (reported) return;
      reported = true;
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`\n=== Schemathesis as ${label} (${ok ? 'passed' : 'FAILED'}, ${seconds} s)`);
      process.stdout.write(Buffer.concat(output));
      if (why) console.log(why);
      resolve(ok);
    };
    child.on('error', (error) => done(false, `could not run ${bin}: ${error.message}`));
    child.on('close', (code) => done(code === 0));
  });
}

installSchemathesis();
const dataDir = mkdtempSync(join(tmpdir(), 'toolshop-fuzz-'));
const reportDir = join(root, 'test-results/schemathesis');
let stack;
let passed;
try {
  stack = await startStack({ offset: Number(options.offset), dataDir, quiet: true, test: true });
  const customer = await newCustomer(stack);
  const callers = {
    anonymous: {},
    customer: { token: await accessToken(stack, customer), email: customer.email },
    admin: { token: await accessToken(stack, demoAccounts.admin) },
  };
  console.log(`seed ${options.seed}, at most ${options['max-examples']} examples per operation`);
  mkdirSync(reportDir, { recursive: true });
  const results = await Promise.all(
    Object.entries(callers).map(async ([label, caller]) => [
      label,
      await fuzz(stack, label, caller, reportDir),
    ]),
  );
  const failed = results.filter(([, ok]) => !ok).map(([label]) => label);
  passed = failed.length === 0;
  console.log(
    passed
      ? '\nSchemathesis: no failures'
      : `\nSchemathesis found failures as: ${failed.join(', ')}`,
  );
} finally {
  await stack?.stop();
  if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
}
process.exit(passed ? 0 : 1);

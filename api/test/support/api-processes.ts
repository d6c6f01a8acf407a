import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { MongoClient, type Db } from 'mongodb';
import {
  ADMIN,
  CUSTOMER,
  httpRequest,
  OTHER,
  type ApiAnswer,
  type RequestOptions,
} from './test-api';
import { freePort } from './api-process';
import { TokenIssuer } from './token-issuer';

const apiRoot = join(__dirname, '../..');
const mainJs = join(apiRoot, 'dist/main.js');

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** The processes run the built API: a missing or stale build is rebuilt first (never old code). */
function ensureBuilt(): void {
  if (existsSync(mainJs) && newestIn(join(apiRoot, 'src')) <= statSync(mainJs).mtimeMs) return;
  const tsc = require.resolve('typescript/bin/tsc');
  const built = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: apiRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0)
    throw new Error(`building api/dist failed:\n${built.stdout}${built.stderr}`);
}

/** One `node api/dist/main.js` on a loopback port. */
export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output: string[];
}

/**
 * Several API processes (the production entry point, api/dist/main.js) on ONE database, with one
 * token issuer: what a load balancer in front of N instances would reach.
 */
export class ApiProcesses {
  readonly issuer = new TokenIssuer();
  readonly instances: ApiProcess[] = [];
  readonly dbName = `toolshop_multi_${randomBytes(4).toString('hex')}`;
  private client?: MongoClient;
  private uri = '';
  private env: Record<string, string> = {};
  db!: Db;
  tokens!: { customer: string; other: string; admin: string };

  /** `prepare` writes to the database before the first process starts (data of an earlier version). */
  static async start(
    count: number,
    env: Record<string, string> = {},
    prepare?: (db: Db) => Promise<void>,
  ): Promise<ApiProcesses> {
    ensureBuilt();
    const group = new ApiProcesses();
    await group.issuer.start();
    group.tokens = {
      customer: group.issuer.token({ email: CUSTOMER, name: 'Casey Customer' }),
      other: group.issuer.token({ email: OTHER, name: 'Olivia Other' }),
      admin: group.issuer.token({ email: ADMIN, name: 'Ada Admin' }),
    };
    const uri = process.env.TEST_MONGODB_URI ?? 'mongodb://127.0.0.1:27117/';
    group.uri = uri;
    group.env = env;
    group.client = await new MongoClient(uri).connect();
    group.db = group.client.db(group.dbName);
    try {
      await prepare?.(group.db);
      for (let i = 0; i < count; i++) group.instances.push(await group.spawn(uri, env));
      await Promise.all(group.instances.map((instance) => group.waitReady(instance)));
    } catch (error) {
      // A test whose beforeAll failed never calls stop(): leave no process behind.
      await group.stop();
      throw error;
    }
    return group;
  }

  private async spawn(uri: string, env: Record<string, string>): Promise<ApiProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [mainJs], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        MONGODB_URI: uri,
        MONGODB_DB: this.dbName,
        OIDC_ISSUER: this.issuer.url,
        ADMIN_EMAILS: ADMIN,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_WRITES: '100000',
        RATE_LIMIT_ACCOUNT: '100000',
        MAX_UNPAID_ORDERS: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    return { url: `http://127.0.0.1:${port}`, child, output };
  }

  private async waitReady(instance: ApiProcess): Promise<void> {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (instance.child.exitCode !== null)
        throw new Error(`API process exited: ${instance.output.join('')}`);
      const ready = await fetch(`${instance.url}/health/ready`).catch(() => undefined);
      if (ready?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`API process not ready in 120 s: ${instance.output.join('')}`);
  }

  /** kill -9 of instance `index` (no shutdown of any kind), answered once it is gone. */
  async kill(index: number): Promise<void> {
    const { child } = this.instances[index]!;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** A new process in place of instance `index` (on another port), answered once it is ready. */
  async restart(index: number): Promise<ApiProcess> {
    const instance = await this.spawn(this.uri, this.env);
    this.instances[index] = instance;
    await this.waitReady(instance);
    return instance;
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.instances.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    await this.db?.dropDatabase().catch(() => undefined);
    await this.client?.close();
    await this.issuer.stop();
  }

  /** A call to instance `instance` (modulo the count, so `i` spreads calls over them all). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  request<T = any>(
    instance: number,
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiAnswer<T>> {
    const { url } = this.instances[instance % this.instances.length]!;
    return httpRequest<T>(url, method, path, options);
  }
}

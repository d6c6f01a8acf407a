import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const MAIN_JS = join(__dirname, '../../dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
  });
}

/** `node api/dist/main.js` as a real process on a free port (build the API first). */
export class ApiProcess {
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    const collect = (chunk: Buffer) => (this.output += chunk.toString());
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  static async start(env: Record<string, string>): Promise<ApiProcess> {
    if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: build the API first`);
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN_JS], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        OIDC_ISSUER: 'http://127.0.0.1:9',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const api = new ApiProcess(child, `http://127.0.0.1:${port}`);
    // Generous: on a machine shared by many jobs loading Nest alone has taken 40 s.
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited at start:\n${api.output}`);
      const ready = await fetch(`${api.url}/health/ready`).catch(() => undefined);
      if (ready?.status === 200) return api;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the API did not become ready:\n${api.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** The JSON log lines printed so far. */
  logLines(): Array<Record<string, unknown>> {
    return this.output
      .split('\n')
      .filter((line) => line.startsWith('{') && line.endsWith('}'))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return []; // a line still arriving
        }
      });
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

// Child processes of the dev stack: prefixed logs, readiness by polling a URL, and one clean
// shutdown of everything on exit or Ctrl-C.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';

const running = new Set();

// Services run in their own process groups, so a Ctrl-C or a kill of the launcher does not reach
// them: whatever is still running when this process exits is ended with it (e.g. a Playwright
// global setup that failed or was interrupted half-way).
process.on('exit', () => {
  for (const child of running) signalGroup(child, 'SIGTERM');
});

const answers = (host, port) =>
  new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });

/**
 * Fails when something already listens on one of the ports (name -> port): readiness checks would
 * otherwise be answered by a stale stack of an earlier run at the same offset.
 */
export async function assertPortsFree(ports) {
  const taken = [];
  for (const [name, port] of Object.entries(ports)) {
    if ((await answers('127.0.0.1', port)) || (await answers('::1', port)))
      taken.push(`${name} ${port}`);
  }
  if (taken.length) {
    throw new Error(
      `port${taken.length > 1 ? 's' : ''} already in use: ${taken.join(', ')}. A stack from an earlier run at this offset ` +
        'may still be running: stop it, or choose another TOOLSHOP_PORT_OFFSET.',
    );
  }
}

/**
 * @param {string} name short label for log lines
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string, string>, readyUrl?: string, timeoutMs?: number, quiet?: boolean }} options
 */
export async function startService(name, command, args, options = {}) {
  const { cwd, env = {}, readyUrl, timeoutMs = 90_000, quiet = false } = options;
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping also ends what npm/npx start underneath (tsc, node --watch).
    detached: true,
  });
  running.add(child);
  // Quiet services keep their last lines, shown if they die before they are ready.
  const recent = [];
  child.on('exit', () => running.delete(child));
  const prefix = (stream, out) => {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (!quiet) out.write(`[${name}] ${line}\n`);
        recent.push(line);
        if (recent.length > 30) recent.shift();
      }
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);

  if (readyUrl) {
    try {
      await waitForUrl(readyUrl, { timeoutMs, child, name });
    } catch (error) {
      if (quiet && recent.length)
        process.stderr.write(recent.map((line) => `[${name}] ${line}\n`).join(''));
      throw error;
    }
  }
  return {
    child,
    stop: () => stopChild(child),
  };
}

export async function waitForUrl(url, { timeoutMs = 90_000, child, name = url } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${name} not ready at ${url} within ${timeoutMs} ms`);
}

function stopChild(child) {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    signalGroup(child, 'SIGTERM');
    setTimeout(() => signalGroup(child, 'SIGKILL'), 5000).unref();
  });
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

export async function stopAll() {
  await Promise.all([...running].map(stopChild));
}

/** Stops every child on Ctrl-C, SIGTERM or a crash of the launcher itself. */
export function stopAllOnExit(extraCleanup = async () => {}) {
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([stopAll(), extraCleanup()]);
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown(130));
  process.on('SIGTERM', () => shutdown(143));
  process.on('uncaughtException', (error) => {
    console.error(error);
    shutdown(1);
  });
  return shutdown;
}

import type { LoggerService } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Server } from 'node:http';
import { Readiness } from './readiness';

export interface ShutdownOptions {
  /** Keep serving (new requests too) while reporting not-ready, so the load balancer notices. */
  drainMs: number;
  /** Give up on in-flight requests after this long and exit 1. */
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * SIGTERM/SIGINT: report not-ready, keep serving for `drainMs`, stop accepting connections and
 * wait for the requests in flight, then close the timers and the database connection (Nest's
 * shutdown hooks) and exit 0. A second signal does not cut it short; the timeout does (exit 1).
 */
export function exitGracefullyOnSignals(
  app: NestFastifyApplication,
  options: ShutdownOptions,
  log: LoggerService,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  let started = false;
  const readiness = app.get(Readiness);
  // While draining, every answer closes its connection: keep-alive clients reconnect elsewhere.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onSend', (_request, reply, payload, done) => {
      if (readiness.isDraining) void reply.header('Connection', 'close');
      done(null, payload);
    });
  const shutDown = async (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    readiness.startDraining();
    log.log(`${signal}: not ready; draining for ${options.drainMs} ms, then closing`, 'Shutdown');
    setTimeout(() => {
      log.error(`still busy after ${options.timeoutMs} ms: exiting`, undefined, 'Shutdown');
      exit(1);
    }, options.drainMs + options.timeoutMs).unref();
    try {
      await sleep(options.drainMs);
      // Closes the listener and waits for the requests in flight before any module shuts down
      // (Nest's close() would run the modules' destroy hooks first).
      const server = app.getHttpServer() as Server;
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      await app
        .getHttpAdapter()
        .close()
        .finally(() => clearInterval(idle));
      await app.close();
      log.log('closed: requests finished, timers stopped, database disconnected', 'Shutdown');
      exit(0);
    } catch (error) {
      log.error(`shutdown failed: ${(error as Error).message}`, (error as Error).stack, 'Shutdown');
      exit(1);
    }
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.on(signal, (received) => void shutDown(received));
}

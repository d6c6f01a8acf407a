import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  /** http://localhost:<port> */
  url: string;
  port: number;
  stop: () => Promise<void>;
}

const STOP_GRACE_MS = 15_000;

/**
 * Listens first, then builds the handler with the final URL (port 0 picks a free port, so the
 * issuer is only known once listening).
 */
export async function listen(
  port: number,
  host: string | undefined,
  createHandler: (
    url: string,
  ) => Promise<{ callback(): RequestListener }> | { callback(): RequestListener },
  around: (listener: RequestListener) => RequestListener = (listener) => listener,
): Promise<RunningServer> {
  let handler: RequestListener | undefined;
  const server = createServer(
    around((req, res) => {
      if (handler) return handler(req, res);
      res.statusCode = 503;
      res.end();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  const url = `http://localhost:${actualPort}`;
  try {
    handler = (await createHandler(url)).callback();
  } catch (error) {
    server.close();
    throw error;
  }
  return {
    url,
    port: actualPort,
    // Stops accepting connections and lets the requests in flight finish (idle keep-alive
    // connections are closed as they become idle); after STOP_GRACE_MS the rest is cut.
    stop: () =>
      new Promise<void>((resolve) => {
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        const cut = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
        server.close(() => {
          clearInterval(idle);
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}

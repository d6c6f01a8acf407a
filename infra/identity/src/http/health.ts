import type { Context, Next } from 'koa';
import type { Db } from 'mongodb';

const PING_TIMEOUT_MS = 2000;

/**
 * `GET /health`: the process answers. `GET /health/ready`: its database answers too (503 when not),
 * what a load balancer's active check asks before it routes sign-ins here (the API's are the same);
 * 503 too once the process shuts down (`draining`).
 */
export function healthRoutes(db: Db, draining: () => boolean = () => false) {
  return async function health(ctx: Context, next: Next) {
    if (ctx.path !== '/health' && ctx.path !== '/health/ready') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.path === '/health') {
      ctx.body = { status: 'ok' };
      return;
    }
    if (draining()) {
      // After SIGTERM: out of rotation, while the requests in flight (and stragglers) are served.
      ctx.status = 503;
      ctx.body = { status: 'shutting down', database: 'up' };
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([db.command({ ping: 1 }), timeout]);
      ctx.body = { status: 'ok', database: 'up' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable', database: 'down' };
    } finally {
      clearTimeout(timer);
    }
  };
}

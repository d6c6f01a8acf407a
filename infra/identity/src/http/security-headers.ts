import type { Context, Next } from 'koa';
import { contentSecurityPolicy } from './page.ts';

/**
 * Headers for every response of a provider, oidc-provider's own pages included (errors, logout,
 * form_post): no framing, no MIME sniffing, no referrer, a strict CSP, and HSTS over https.
 * `formTargets` are the origins a form may end up at after redirects (the shop's origins).
 */
export function securityHeaders(formTargets: readonly string[]) {
  return async function securityHeadersMiddleware(ctx: Context, next: Next) {
    ctx.set({
      'Content-Security-Policy': contentSecurityPolicy(formTargets),
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000');
    await next();
    // A form_post page adds the hash of its one inline script to script-src (oidc-provider does it
    // when a policy is set); 'none' may not stand beside another source.
    const policy = ctx.response.get('Content-Security-Policy');
    if (policy.includes("'sha256-"))
      ctx.set('Content-Security-Policy', policy.replace("script-src 'none' ", 'script-src '));
  };
}

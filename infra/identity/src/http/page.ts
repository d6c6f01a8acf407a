import type { Context } from 'koa';

export const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// Plain, readable and accessible: system fonts, visible focus, 4.5:1 contrast, no external assets.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f3f4f6;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827}
main{width:100%;max-width:26rem;margin:1.5rem;padding:2rem;background:#fff;border-radius:.75rem;
  box-shadow:0 1px 3px rgba(0,0,0,.12),0 8px 24px rgba(0,0,0,.06)}
h1{font-size:1.5rem;margin:0 0 .25rem}
p{margin:.25rem 0 1rem;color:#374151}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;padding:.625rem .75rem;font:inherit;border:1px solid #6b7280;border-radius:.5rem}
.check{display:flex;gap:.5rem;align-items:center;font-weight:400}
.check input{width:auto;margin:0}
input:focus,button:focus,a:focus{outline:3px solid #2563eb;outline-offset:2px}
button,.button{display:block;width:100%;margin-top:1.25rem;padding:.7rem 1rem;font:inherit;font-weight:600;
  text-align:center;text-decoration:none;border-radius:.5rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
.secondary{background:#fff;color:#1f2937;border-color:#6b7280}
.error{margin:1rem 0 0;padding:.75rem;border-radius:.5rem;background:#fef2f2;color:#991b1b;border:1px solid #fecaca}
.badge{display:inline-block;margin-bottom:.75rem;padding:.125rem .5rem;border-radius:999px;background:#fef3c7;color:#92400e;font-size:.8rem;font-weight:600}
.divider{margin:1.25rem 0 0;text-align:center;color:#4b5563;font-size:.9rem}
small{display:block;margin-top:1.25rem;color:#4b5563}
`;

export function renderPage(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function errorBlock(message: string | undefined): string {
  return message ? `<p class="error" role="alert" id="form-error">${escapeHtml(message)}</p>` : '';
}

/** The provider's pages: no script, nothing external, never framed, forms only to `formTargets` (and itself). */
export function contentSecurityPolicy(formTargets: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * Sends an HTML page that must not be cached, framed or leak referrers. `formTargets` lists the
 * origins a form submission may end up at after redirects (browsers apply form-action to them).
 */
export function sendPage(
  ctx: Context,
  title: string,
  body: string,
  { status = 200, formTargets = [] }: { status?: number; formTargets?: readonly string[] } = {},
) {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Content-Security-Policy', contentSecurityPolicy(formTargets));
  ctx.body = renderPage(title, body);
}

import helmet from 'helmet';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { API_SECURITY_HEADERS, DOCS_SECURITY_HEADERS, securityHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } },
  crossOriginResourcePolicy: { policy: 'cross-origin' as const },
};

describe('security headers', () => {
  it('are the headers helmet sets on a real response with the same options', async () => {
    const middleware = helmet(options);
    const server = createServer((request: IncomingMessage, response: ServerResponse) =>
      middleware(request, response, () => response.end()),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    await new Promise((resolve) => server.close(resolve));

    const computed = Object.fromEntries(
      Object.entries(securityHeaders(options)).map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(Object.keys(computed).length).toBeGreaterThan(10);
    for (const [name, value] of Object.entries(computed))
      expect(answer.headers.get(name)).toBe(value);
    expect(computed['content-security-policy']).toMatch(/^default-src 'self';/);
    expect(computed['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('let nothing in an API answer run, load or be framed', () => {
    expect(securityHeaders(API_SECURITY_HEADERS)).toEqual({
      'Content-Security-Policy':
        "default-src 'none';style-src 'unsafe-inline';frame-ancestors 'none'",
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Referrer-Policy': 'no-referrer',
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    });
  });

  it('let the docs page run its own inline script and nothing from elsewhere', () => {
    const docs = securityHeaders(DOCS_SECURITY_HEADERS)['Content-Security-Policy'];
    expect(docs).toContain("script-src 'self' 'unsafe-inline'");
    expect(docs).toContain("frame-ancestors 'self'");
    expect(docs).not.toContain('upgrade-insecure-requests');
  });
});

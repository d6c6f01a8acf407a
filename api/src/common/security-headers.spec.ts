import helmet from 'helmet';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { securityHeaders } from './security-headers';

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
});

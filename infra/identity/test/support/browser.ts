interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/**
 * Just enough of a browser for redirect-based flows: follows redirects by hand, keeps cookies per
 * host name (like browsers: not per port) with their paths, and stops at the shop's origin.
 */
export class Browser {
  readonly #jar = new Map<string, StoredCookie[]>();
  readonly stopAt: string;

  constructor(stopAt: string) {
    this.stopAt = stopAt;
  }

  #cookieHeader(url: URL): string {
    return (this.#jar.get(url.hostname) ?? [])
      .filter((cookie) => url.pathname.startsWith(cookie.path))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  #store(url: URL, headers: Headers) {
    const cookies = this.#jar.get(url.hostname) ?? [];
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = [
        pair.slice(0, pair.indexOf('=')),
        pair.slice(pair.indexOf('=') + 1),
      ];
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.split('=')[1];
      const path = attribute('path') ?? '/';
      const expires = attribute('expires');
      const kept = cookies.filter((c) => !(c.name === name && c.path === path));
      cookies.length = 0;
      cookies.push(...kept);
      if (value && !(expires && new Date(expires).getTime() < Date.now()))
        cookies.push({ name, value, path });
    }
    this.#jar.set(url.hostname, cookies);
  }

  /** One request, no redirect following. */
  async request(input: string, init: RequestInit = {}) {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const cookie = this.#cookieHeader(url);
    if (cookie) headers.set('Cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.#store(url, response.headers);
    return response;
  }

  /** Follows redirects until a page answers or the shop's origin is reached. */
  async navigate(
    input: string,
    init: RequestInit = {},
  ): Promise<{ url: string; response?: Response }> {
    let url = input;
    let response = await this.request(url, init);
    for (let hops = 0; hops < 20; hops++) {
      const location = response.headers.get('location');
      if (response.status === 200 && !location) {
        const autoPost = await autoSubmittedForm(response, url);
        if (!autoPost) return { url, response };
        response = await this.request(autoPost.action, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: autoPost.fields,
        });
        url = autoPost.action;
        continue;
      }
      if (response.status < 300 || response.status >= 400 || !location) return { url, response };
      await response.body?.cancel();
      url = new URL(location, url).href;
      if (url.startsWith(this.stopAt)) return { url };
      response = await this.request(url);
    }
    throw new Error(`too many redirects, last ${url}`);
  }

  submit(url: string, fields: Record<string, string>) {
    return this.navigate(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
  }
}

/**
 * oidc-provider's pages that a browser submits by script (e.g. ending the previous session when
 * another account signs in). Returns undefined for every other page, which stays readable.
 */
async function autoSubmittedForm(response: Response, base: string) {
  const html = await response.clone().text();
  if (!html.includes('document.forms[0].submit()')) return undefined;
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
  )) {
    fields.append(name!, value!);
  }
  return { action: formAction(html, base), fields };
}

/** The action of the page's first form. */
export function formAction(html: string, base: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no form on the page');
  return new URL(
    action.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    base,
  ).href;
}

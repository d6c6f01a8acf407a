import { BlockList, isIP } from 'node:net';
import type { Context, Next } from 'koa';

/** No proxy, the number of proxies in front, or the proxies' addresses / CIDRs. */
export type TrustProxy = false | number | string[];

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be false, a hop count from 1 to 10, or a comma-separated list of proxy addresses (e.g. 10.0.0.1,10.1.0.0/16)';

/** Parses TRUST_PROXY; returns the error message (a string) when it is not acceptable. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    return `TRUST_PROXY=true would trust every X-Forwarded-For entry (anyone could pick the address lockouts count); ${TRUST_PROXY_HELP}`;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? hops : TRUST_PROXY_HELP;
  }
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const valid = addresses.every((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    if (!family || rest.length) return false;
    if (bits === undefined) return true;
    const prefix = Number(bits);
    return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
  });
  return addresses.length && valid ? addresses : TRUST_PROXY_HELP;
}

const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

function blockList(addresses: string[]): BlockList {
  const list = new BlockList();
  for (const entry of addresses) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/**
 * The client address of a request: the peer itself without proxies; with a hop count, the
 * X-Forwarded-For entry that many hops from the right (each proxy appends the address it saw);
 * with an address list, the first address from the right that is not one of the proxies. Entries
 * further left are the client's own word and never count.
 */
export function clientAddressResolver(trust: TrustProxy) {
  const trusted = Array.isArray(trust) ? blockList(trust) : undefined;
  const isTrusted = (address: string) => {
    const plain = unmapped(address);
    const family = isIP(plain);
    return family !== 0 && trusted!.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };

  return (
    peer: string,
    forwardedFor: string | undefined,
  ): { address: string; viaTrustedProxy: boolean } => {
    const self = unmapped(peer);
    if (trust === false) return { address: self, viaTrustedProxy: false };
    const chain = [
      ...(forwardedFor ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
      self,
    ].map(unmapped);
    if (typeof trust === 'number') {
      return { address: chain[Math.max(0, chain.length - 1 - trust)]!, viaTrustedProxy: true };
    }
    if (!isTrusted(self)) return { address: self, viaTrustedProxy: false };
    let index = chain.length - 1;
    while (index > 0 && isTrusted(chain[index]!)) index--;
    return { address: chain[index]!, viaTrustedProxy: true };
  };
}

/**
 * Sets `ctx.ip` to the resolved client address for everything after it (lockouts, rate limits),
 * and drops X-Forwarded-Proto/Host when the request did not come through a trusted proxy.
 */
export function clientAddress(trust: TrustProxy) {
  const resolve = clientAddressResolver(trust);
  return async function clientAddressMiddleware(ctx: Context, next: Next) {
    const { address, viaTrustedProxy } = resolve(
      ctx.req.socket.remoteAddress ?? '',
      ctx.get('X-Forwarded-For') || undefined,
    );
    if (!viaTrustedProxy) {
      delete ctx.req.headers['x-forwarded-proto'];
      delete ctx.req.headers['x-forwarded-host'];
    }
    ctx.request.ip = address;
    await next();
  };
}

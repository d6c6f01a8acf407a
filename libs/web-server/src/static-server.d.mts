// Types of static-server.mjs for TypeScript callers (the browser tests start one of their own).
export interface StaticServerOptions {
  root: string;
  port: number;
  host?: string;
  spaFallback?: boolean;
  runtimeFiles?: Record<string, unknown>;
  imageHosts?: string[];
  testOrigins?: string[];
  /** The remote registry: /remotes.json per visitor, POST /remotes/beacon forwarded. */
  registry?: {
    url: string;
    remoteOrigins: string[];
    token?: string;
    trustedHops?: number;
    beaconsPerMinute?: number;
    previewKey?: string;
  };
}

export function serveStatic(
  options: StaticServerOptions,
): Promise<{ url: string; server: import('node:http').Server; close: () => Promise<void> }>;
export function acceptedEncodings(header?: string): string[];
export function imageHostsFrom(value?: string): string[];
export const runtimeStyleHashes: string[];
export function contentSecurityPolicy(options?: {
  runtimeFiles?: Record<string, unknown>;
  imageHosts?: string[];
  testOrigins?: string[];
  remoteOrigins?: string[];
}): string;
type RemoteEntry =
  string | { manifest: string; version?: string; integrity?: Record<string, string> };
export function fragmentSource(
  remotes: Record<string, RemoteEntry>,
): (
  remote: string,
  name: string,
  visitor?: Record<string, RemoteEntry>,
  timeoutMs?: number,
) => Promise<{ html: string; stylesheets: { href: string; integrity?: string }[] } | undefined>;
export function composePage(
  template: string,
  fragment: (
    remote: string,
    name: string,
  ) => Promise<{ html: string; stylesheets: { href: string; integrity?: string }[] } | undefined>,
): Promise<string | undefined>;

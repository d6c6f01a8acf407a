import type { StackPorts } from '@toolshop/settings';

export type { StackPorts };
export { basePorts, demoAccounts, localUrl } from '@toolshop/settings';
export type RemoteName = 'storefront' | 'dashboard' | 'admin';

export declare const remoteNames: RemoteName[];
export declare function stackPorts(offset?: number): StackPorts;
export declare function remotesMap(ports: StackPorts): Record<RemoteName, string>;
export declare function stackUrls(offset?: number): {
  ports: StackPorts;
  shell: string;
  api: string;
  identity: string;
  /** The mail catcher's web inbox (its HTTP API under /api/v1). */
  mail: string;
  registry: string;
  store: string;
  remotes: Record<RemoteName, string>;
};
export interface Credentials {
  email: string;
  password: string;
}
export interface ClientConfig {
  apiUrl: string;
  authority: string;
  clientId: string;
  idpHintParam: string;
  /** false when GOOGLE_SIGN_IN=off: the shell hides the Google button. */
  googleSignIn: boolean;
}
export declare function clientConfig(ports: StackPorts): ClientConfig;
export declare function harnessConfig(
  ports: StackPorts,
): ClientConfig & { demoAccounts: Record<'admin' | 'customer', Credentials> };
export declare function devRuntimeFiles(offset: number): Record<string, unknown>;

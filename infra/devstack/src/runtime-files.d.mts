export type StackPorts = Record<'shell' | 'storefront' | 'dashboard' | 'admin' | 'identity' | 'google' | 'api' | 'database' | 'smtp' | 'mail', number>;
export type RemoteName = 'storefront' | 'dashboard' | 'admin';

export declare const basePorts: StackPorts;
export declare const remoteNames: RemoteName[];
export declare function stackPorts(offset?: number): StackPorts;
export declare function localUrl(port: number): string;
export declare function remotesMap(ports: StackPorts): Record<RemoteName, string>;
export declare function stackUrls(offset?: number): {
  ports: StackPorts;
  shell: string;
  api: string;
  identity: string;
  /** The mail catcher's web inbox (its HTTP API under /api/v1). */
  mail: string;
  remotes: Record<RemoteName, string>;
};
export interface Credentials {
  email: string;
  password: string;
}
export declare const demoAccounts: Record<'admin' | 'customer', Credentials>;
export interface ClientConfig {
  apiUrl: string;
  authority: string;
  clientId: string;
  idpHintParam: string;
  /** false when GOOGLE_SIGN_IN=off: the shell hides the Google button. */
  googleSignIn: boolean;
}
export declare function clientConfig(ports: StackPorts): ClientConfig;
export declare function harnessConfig(ports: StackPorts): ClientConfig & { demoAccounts: typeof demoAccounts };
export declare function devRuntimeFiles(offset: number): Record<string, unknown>;

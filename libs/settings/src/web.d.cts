export type PortName =
  | 'shell'
  | 'storefront'
  | 'dashboard'
  | 'admin'
  | 'identity'
  | 'google'
  | 'api'
  | 'database'
  | 'smtp'
  | 'mail'
  | 'registry'
  | 'objectstore';
export type StackPorts = Record<PortName, number>;

export declare const basePorts: Readonly<StackPorts>;
/** Ports of the remotes' harnesses run alone (npm run dev -w), at offset 0. */
export declare const harnessDevPorts: Readonly<{
  storefront: number;
  dashboard: number;
  admin: number;
}>;
export declare const WEB_CLIENT_ID: 'toolshop-web';
export declare const DEFAULT_IDP_HINT_PARAM: 'idp_hint';

export declare function localUrl(port: number): string;
export declare const defaultWebOrigins: readonly string[];
export declare const defaultApiUrl: string;
export declare const defaultAuthority: string;

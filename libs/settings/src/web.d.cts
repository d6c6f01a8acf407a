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
export declare const WEB_CLIENT_ID: 'toolshop-web';
export declare const DEFAULT_IDP_HINT_PARAM: 'idp_hint';

export declare function localUrl(port: number): string;
export declare const defaultWebOrigins: readonly string[];
export declare const defaultApiUrl: string;
export declare const defaultAuthority: string;

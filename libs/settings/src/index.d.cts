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
export declare const API_AUDIENCE: 'urn:toolshop:api';
export declare const DEFAULT_IDP_HINT_PARAM: 'idp_hint';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
}
export type DemoRole = 'admin' | 'customer';
export declare const demoAccounts: Readonly<Record<DemoRole, Readonly<DemoAccount>>>;

export declare function localUrl(port: number): string;
export declare const defaultWebOrigins: readonly string[];
export declare const defaultApiUrl: string;
export declare const defaultAuthority: string;

export * from './web.cjs';

export declare const API_AUDIENCE: 'urn:toolshop:api';
export declare const DEFAULT_BUCKET: 'toolshop-remotes';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
}
export type DemoRole = 'admin' | 'customer';
export declare const demoAccounts: Readonly<Record<DemoRole, Readonly<DemoAccount>>>;

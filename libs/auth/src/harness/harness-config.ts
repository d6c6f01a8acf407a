import { getRuntimeConfig, type RuntimeConfig } from '@toolshop/auth';

export interface Credentials {
  email: string;
  password: string;
}

export type DemoRole = 'admin' | 'customer';

/** A harness's `/config.json` may name the demo accounts of its stack (the launcher does). */
interface HarnessConfig extends RuntimeConfig {
  demoAccounts?: Partial<Record<DemoRole, Credentials>>;
}

/** The identity provider's demo accounts when the config names none (infra/identity defaults). */
export const defaultDemoAccounts: Record<DemoRole, Credentials> = {
  admin: { email: 'admin@toolshop.test', password: 'toolshop-admin' },
  customer: { email: 'customer@toolshop.test', password: 'toolshop-customer' },
};

export function demoAccounts(): Record<DemoRole, Credentials> {
  const configured = (getRuntimeConfig() as HarnessConfig).demoAccounts ?? {};
  return { ...defaultDemoAccounts, ...configured };
}

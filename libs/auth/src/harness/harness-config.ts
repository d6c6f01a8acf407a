import { getRuntimeConfig, type RuntimeConfig } from '@toolshop/auth';
import { demoAccounts as launcherDemoAccounts } from '@toolshop/settings';

export interface Credentials {
  email: string;
  password: string;
}

export type DemoRole = 'admin' | 'customer';

/** A harness's `/config.json` may name the demo accounts of its stack (the launcher does). */
interface HarnessConfig extends RuntimeConfig {
  demoAccounts?: Partial<Record<DemoRole, Credentials>>;
}

const credentials = ({ email, password }: Credentials): Credentials => ({ email, password });

/** The identity provider's demo accounts when the config names none (@toolshop/settings). */
export const defaultDemoAccounts: Record<DemoRole, Credentials> = {
  admin: credentials(launcherDemoAccounts.admin),
  customer: credentials(launcherDemoAccounts.customer),
};

export function demoAccounts(): Record<DemoRole, Credentials> {
  const configured = (getRuntimeConfig() as HarnessConfig).demoAccounts ?? {};
  return { ...defaultDemoAccounts, ...configured };
}

import { getRuntimeConfig, type RuntimeConfig } from '@toolshop/auth';

/** Whether the sign-in pages offer Google; an older `/config.json` without the field keeps it on. */
export function googleSignInEnabled(config: RuntimeConfig = getRuntimeConfig()): boolean {
  return config.googleSignIn !== false;
}

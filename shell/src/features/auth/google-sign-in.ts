import { getRuntimeConfig, type RuntimeConfig } from '@toolshop/auth';

/** `/config.json` of the deployment: `googleSignIn: false` when the provider runs without the Google option. */
type ShellRuntimeConfig = RuntimeConfig & { googleSignIn?: unknown };

/** Whether the sign-in pages offer Google; an older `/config.json` without the field keeps it on. */
export function googleSignInEnabled(config: ShellRuntimeConfig = getRuntimeConfig()): boolean {
  return config.googleSignIn !== false;
}

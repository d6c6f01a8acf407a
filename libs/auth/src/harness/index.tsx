import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initAuth, loadRuntimeConfig } from '@toolshop/auth';
import { HarnessApp, type HarnessOptions } from './harness-app';
import '@toolshop/ui/tokens.css';

export type { HarnessOptions };

/**
 * Runs one remote on its own (QA): its routes in a router of its own, the runtime config from
 * `/config.json` (or local defaults) and a dev sign-in against the identity provider.
 */
export async function startHarness(options: HarnessOptions): Promise<void> {
  await loadRuntimeConfig();
  void initAuth();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing in the harness page');
  document.title = `${options.title} (standalone) | Toolshop`;
  createRoot(root).render(
    <StrictMode>
      <HarnessApp {...options} />
    </StrictMode>,
  );
}

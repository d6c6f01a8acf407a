import {
  defaultApiUrl,
  defaultAuthority,
  DEFAULT_IDP_HINT_PARAM,
  WEB_CLIENT_ID,
} from '@toolshop/settings/web';
import { setImageBase } from '@toolshop/ui';

/** Where the browser apps find the API and the identity provider; read at run time, never built in. */
export interface RuntimeConfig {
  apiUrl: string;
  authority: string;
  clientId: string;
  /** Resource indicator (API audience) to request; the provider's default resource applies without it. */
  resource?: string;
  /** Authorization-request parameter naming the upstream provider: `idp_hint`, Keycloak's `kc_idp_hint`... */
  idpHintParam: string;
  /** The remote registry, whose release history the admins read; absent: no registry. */
  registryUrl?: string;
  /** false when the provider runs without the Google option (the sign-in pages then hide it). */
  googleSignIn?: boolean;
}

export const defaultRuntimeConfig: RuntimeConfig = {
  apiUrl: defaultApiUrl,
  authority: defaultAuthority,
  clientId: WEB_CLIENT_ID,
  idpHintParam: DEFAULT_IDP_HINT_PARAM,
};

let current: RuntimeConfig | null = null;

export function setRuntimeConfig(config: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...defaultRuntimeConfig, ...config };
  // Product images stored as paths live on the API (ProductImage resolves them there).
  setImageBase(current.apiUrl);
  return current;
}

export function getRuntimeConfig(): RuntimeConfig {
  return current ?? defaultRuntimeConfig;
}

/** Fetches the deployment's `/config.json`; falls back to the local defaults when absent. */
export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (response.ok) return setRuntimeConfig((await response.json()) as Partial<RuntimeConfig>);
  } catch {
    // no runtime file: the defaults of a local stack apply
  }
  return setRuntimeConfig({});
}

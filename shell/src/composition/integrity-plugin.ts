import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { integrityOf, secureElement } from './integrity';

/**
 * Subresource Integrity for what the federation runtime loads itself: a remote's mf-manifest.json
 * (`fetch`), its remoteEntry.js and the chunks it preloads for a page (`createScript`, `createLink`).
 * A file that does not match (or that the release does not list) fails to load, and the remote
 * falls back like an outage (fallback-plugin.ts). What the remote's own chunk loader adds later is
 * checked by guardRemoteFiles (integrity.ts).
 */
export function integrityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'toolshop-remote-integrity',
    fetch(url, init) {
      const integrity = integrityOf(url);
      if (!integrity) return undefined;
      return fetch(url, { ...init, integrity, mode: 'cors', credentials: 'omit' });
    },
    createScript({ url, attrs }) {
      if (!integrityOf(url)) return undefined;
      const script = document.createElement('script');
      for (const [name, value] of Object.entries(attrs ?? {}))
        script.setAttribute(name, String(value));
      script.src = url;
      secureElement(script, url);
      return script;
    },
    createLink({ url, attrs }) {
      // A link returned from this hook is never added to the page (the runtime takes it as handled),
      // so the attributes go on the ones the runtime sets on its own link.
      const integrity = integrityOf(url);
      if (!integrity || !attrs) return undefined;
      attrs.integrity = integrity;
      attrs.crossorigin = 'anonymous';
      return undefined;
    },
  };
}

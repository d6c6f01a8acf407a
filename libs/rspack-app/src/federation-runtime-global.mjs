// The federation runtime (runtime-core) as a global, for a remote's pages of its own (its standalone
// harness). A remote's build leaves the runtime out (`experiments.externalRuntime`: it takes the one
// the host provides, `_FEDERATION_RUNTIME_CORE`); its harness page has no host, so it loads this
// first. The same module and global name as Module Federation's inject-external-runtime-core-plugin.
import * as runtimeCore from '@module-federation/runtime-tools/runtime-core';

const globalRef = runtimeCore.Global ?? globalThis;
if (!globalRef._FEDERATION_RUNTIME_CORE) globalRef._FEDERATION_RUNTIME_CORE = runtimeCore;

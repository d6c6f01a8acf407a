// react-toastify as the apps share it: the package, plus a signal that some code has loaded it.
// The shell mounts its toast container only then (shell/src/app/app-layout.tsx), so a page that
// raises no toast (the home page) never downloads react-toastify; a toast raised before the
// container is there waits in react-toastify's queue.
export * from '../../../node_modules/react-toastify/dist/index.mjs';

globalThis.__toolshopToastsLoaded = true;
globalThis.dispatchEvent?.(new Event('toolshop:toasts-loaded'));

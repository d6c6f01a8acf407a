// Async boundary: shared modules (React, the router, the auth store) are negotiated before any import.
// The start is asked for in steps, a task each: the federation runtime's share negotiation and the
// chunk loads of every shared module at once were one task of 50-100 ms at a 4x slowed CPU
// (Lighthouse's mobile setting), blocking input on a prerendered page and the main thread before
// any other page's first paint. The files still download side by side. The page's load event does
// not wait for the app either way: the app starts after the remote map and the runtime config have
// come by fetch.
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function startInSteps() {
  const loading = [];
  for (const load of [
    () => import('react'),
    () => import('react-router'),
    () => import('@toolshop/auth'),
    () => import('@toolshop/ui'),
    () => import('./bootstrap'),
  ]) {
    await nextTask();
    loading.push(load());
  }
  await Promise.all(loading);
}

void startInSteps();

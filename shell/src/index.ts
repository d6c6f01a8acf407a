// Async boundary: shared modules (React, the router, the auth store) are negotiated before any import.
// A prerendered page is on screen and usable already, so its start is asked for in steps, a task
// each: the federation runtime's share negotiation and the chunk loads of every shared module at
// once were one task of over 100 ms at a 4x slowed CPU (Lighthouse's mobile setting), blocking input
// meanwhile. The files still download side by side. Any other page shows nothing until the app runs,
// and its load event must not come before the app is there: it starts at once.
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

if (document.getElementById('root')?.hasAttribute('data-prerendered')) void startInSteps();
else void import('./bootstrap');

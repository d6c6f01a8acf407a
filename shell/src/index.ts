// Async boundary: shared modules (React, the router, the auth store) are negotiated before any import.
// A prerendered page is on screen and usable already, so its start waits for the next task: the
// federation runtime's start (this chunk) and the share negotiation with the first chunk loads were
// one task of about 100 ms at a 4x slowed CPU (home page performance). Any other page shows nothing until the app
// runs, and its load event must not come before the app is there: it starts at once.
const start = () => void import('./bootstrap');
if (document.getElementById('root')?.hasAttribute('data-prerendered')) setTimeout(start);
else start();

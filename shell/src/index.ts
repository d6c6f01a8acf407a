// Async boundary: shared modules (React, the router, the auth store) are negotiated before any import.
// From the next task: the federation runtime's start (this chunk) and the negotiation with the
// loading of the first chunks made one task of about 100 ms at a 4x slowed CPU (issue 14).
setTimeout(() => void import('./bootstrap'));

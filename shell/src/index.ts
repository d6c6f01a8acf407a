// Async boundary: shared modules (React, the router, the auth store) are negotiated before any import.
import('./bootstrap');

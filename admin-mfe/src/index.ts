// Async boundary for the standalone harness; the shell loads the exposed pages directly.
import('./harness/bootstrap');

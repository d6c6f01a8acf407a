// Where a page's work runs: small, and a subpath of its own (`@toolshop/ui/scheduling`, bundled by
// each app that uses it) so that an app deployed alone never meets another app's older copy.
export { layOutApart } from './lay-out-apart';
export { layOutNearViewport } from './lay-out-near-viewport';
export { postUrgentTask } from './post-urgent-task';

// The axe check lives with the shared browser-test fixtures (the dashboard's tests use it too).
export { expectNoAxeViolations } from '@toolshop/devstack/e2e';

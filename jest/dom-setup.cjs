// After the jsdom environment is up (projects with `dom: true`): CI machines and shared
// workstations can be slow, so Testing Library waits for the UI longer than its 1 s default.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS setup file
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });

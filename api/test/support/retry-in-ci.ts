// In CI the suites share two cores with every other project's tests: a test that failed on
// timing alone runs again (at most twice), and its first errors stay in the log.
if (process.env.CI) jest.retryTimes(2, { logErrorsBeforeRetry: true });

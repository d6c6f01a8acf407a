/**
 * The rate limits count in fixed windows of a minute on the clock: a test's requests must not
 * straddle two windows (the second would count afresh), so one that would start near a window's
 * end waits for the next.
 */
export async function awayFromWindowEnd(needMs = 20_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

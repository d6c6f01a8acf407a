import { useEffect, useState } from 'react';

/**
 * Milliseconds left until `durationMs` after the first render. The deadline is fixed once per
 * mount, so every page load starts the countdown afresh; each tick reads the clock, so a slow or
 * throttled timer never makes it drift.
 */
export function useCountdown(durationMs: number, tickMs = 1000): number {
  const [deadline] = useState(() => Date.now() + durationMs);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);

  return Math.max(0, deadline - now);
}

/** Rate-limit groups; their per-minute limits come from the config (RATE_LIMIT_*). */
export const RATE_LIMIT_GROUPS = ['writes', 'account', 'suggestions'] as const;
export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number];

/** Business constants of SPEC.md §9. */
export const PASSWORD_MIN_LENGTH = 6;
export const REVIEW_OPINION_MAX_LENGTH = 200;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const SALE_COUNTDOWN_MS = 1_000_000_000;
export const TOAST_AUTO_CLOSE_MS = 5000;
/** Longest free text the API accepts in any other field (names, addresses, links...). */
export const TEXT_MAX_LENGTH = 500;
/** The "simple email pattern" of SPEC.md §5. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Lists of the API answer at most this many records per call (also the largest `limit`). */
export const LIST_MAX_LIMIT = 200;
/** Response header with the total of a paged list (GET /adminOrders always; other lists when paged). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** Product image links: absolute http(s) URLs or paths on the API's own origin. */
export const IMAGE_LINK_PATTERN = /^(https?:\/\/\S+|\/\S*)$/i;

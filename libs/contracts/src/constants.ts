/** Business constants of SPEC.md §9. */
export const PASSWORD_MIN_LENGTH = 6;
export const REVIEW_OPINION_MAX_LENGTH = 200;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const SALE_COUNTDOWN_MS = 1_000_000_000;
export const TOAST_AUTO_CLOSE_MS = 5000;
/** Longest free text the API accepts in any other field (names, addresses, links...). */
export const TEXT_MAX_LENGTH = 500;
/**
 * GET /adminOrders?q=: an order id, a customer email (or its start), or words of the
 * ship-to name and address; the words are looked for in the newest ADMIN_ORDER_SEARCH_WINDOW orders.
 */
export const ADMIN_ORDER_SEARCH_MAX_LENGTH = 100;
export const ADMIN_ORDER_SEARCH_WINDOW = 2000;
/** Longest display name (sign-up, rename, order's name): the provider, the API and the forms alike. */
export const NAME_MAX_LENGTH = 60;
/** Longest email address (RFC 5321); checked before any pattern so every check stays linear. */
export const EMAIL_MAX_LENGTH = 254;
/**
 * The "simple email pattern" of SPEC.md §5. Never test it on its own: its backtracking is
 * quadratic in the input's length; `isEmailAddress` caps the length first.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Lists of the API answer at most this many records per call (also the largest `limit`). */
export const LIST_MAX_LIMIT = 200;
/** Response header with the total of a paged list (GET /adminOrders always; other lists when paged). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
/**
 * Product image links: a path on the API's own origin or an http(s) URL. The API also checks the
 * host: its own origin, or https on `IMAGE_HOSTS`.
 */
export const IMAGE_LINK_PATTERN = /^(https?:\/\/\S+|\/[^/\s]\S*)$/i;
/** Links a person gives (the profile's LinkedIn): http(s) only, never `javascript:` or `data:`. */
export const WEB_LINK_PATTERN = /^https?:\/\/[^\s/]+\S*$/i;
/** Upper bounds that keep every total (quantity × price, whole dollars) an exact integer. */
export const QUANTITY_MAX = 1_000_000;
export const PRICE_MAX = 1_000_000;

/** Days after delivery (or shipping, when no delivery was recorded) a customer may ask to return an order. */
export const RETURN_WINDOW_DAYS = 30;

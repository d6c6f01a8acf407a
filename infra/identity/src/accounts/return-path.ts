/** The longest return path a sign-up carries (a tool's address is far shorter). */
export const RETURN_PATH_MAX_LENGTH = 512;

export const RETURN_PATH_INVALID = `The return path must be a path of this shop, such as /tools/123, of at most ${RETURN_PATH_MAX_LENGTH} characters.`;

const PLACEHOLDER_ORIGIN = 'https://shop.invalid';

/**
 * Whether `value` is a path of the shop itself ("/tools/1?x#y") that the browser cannot read as
 * another site: it starts with one "/" (not "//" nor "/\", which browsers take for another host),
 * has no backslash, control character or whitespace, and resolves to the shop's own origin.
 * A sign-up's return target must pass it, so the mailed link can never redirect off the site.
 */
export function isSameSitePath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX_LENGTH)
    return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (
    value.includes('\\') ||
    /\s/u.test(value) ||
    [...value].some((c) => c < ' ' || c === '\u007f')
  )
    return false;
  try {
    return new URL(value, PLACEHOLDER_ORIGIN).origin === PLACEHOLDER_ORIGIN;
  } catch {
    return false;
  }
}

import { hasDotSegment, RuleMessages } from '@toolshop/contracts';

/**
 * Where a product image may live: on the API itself (a path, stored as an absolute link so every
 * app can show it) or on an https host the operator listed in IMAGE_HOSTS. Anything else could be
 * a tracking pixel on every shopper's screen. Returns the link to store, or the message to answer.
 */
export function resolveImageLink(
  img: string,
  publicUrl: string,
  imageHosts: readonly string[],
): { link: string } | { problem: string } {
  // Stored as given after URL parsing, which would resolve `..` (even `%2e%2e`) into another path.
  if (hasDotSegment(img)) return { problem: RuleMessages.imageLinkInvalid };
  let url: URL;
  try {
    url = new URL(img.trim(), publicUrl);
  } catch {
    return { problem: RuleMessages.imageLinkInvalid };
  }
  if (url.username || url.password) return { problem: RuleMessages.imageHostNotAllowed };
  if (url.origin === new URL(publicUrl).origin) return { link: url.href };
  if (url.protocol === 'https:' && imageHosts.includes(url.hostname)) return { link: url.href };
  return { problem: RuleMessages.imageHostNotAllowed };
}

const DOMAIN_LIKE = /^[\w-]+(\.[\w-]+)+(\/\S*)?$/;

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** What the form sends for a typed LinkedIn value: a bare "linkedin.com/in/…" gets https://, the rest stays as typed. */
export function linkedInToSend(value: string): string {
  const text = value.trim();
  return !HAS_SCHEME.test(text) && DOMAIN_LIKE.test(text) ? `https://${text}` : text;
}

/**
 * The address to link to when a profile's linkedIn value is a web URL ("https://…", or a bare
 * "linkedin.com/in/…"); undefined for anything else, which is then shown as plain text.
 */
export function linkedInHref(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const candidate = HAS_SCHEME.test(text) ? text : DOMAIN_LIKE.test(text) ? `https://${text}` : '';
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

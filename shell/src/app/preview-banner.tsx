import { useSyncExternalStore } from 'react';
import styles from './preview-banner.module.css';

/** The readable cookie the shell's server sets with a preview link (libs/web-server/src/preview.mjs). */
const LABEL_COOKIE = 'toolshop_preview_label';

/** "storefront 0.2.0" while this browser previews a candidate, else ''. Never in the prerender. */
export function previewLabel(cookies: string): string {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== LABEL_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('=')).slice(0, 120);
    } catch {
      return '';
    }
  }
  return '';
}

const noChange = () => () => {};

/**
 * "Preview: storefront 0.2.0" while this browser holds a preview link (a candidate version served to
 * it alone, not active for anyone else), with a way out. Rendered after hydration only (the
 * prerendered page knows no cookie).
 */
export function PreviewBanner() {
  const label = useSyncExternalStore(
    noChange,
    () => previewLabel(document.cookie),
    () => '',
  );
  if (!label) return null;
  return (
    <div role="status" className={styles.banner}>
      <strong>Preview: {label}</strong> <span>(not live: only this browser sees it)</span>{' '}
      <a href="/remotes/preview/end">End preview</a>
    </div>
  );
}

import { useState } from 'react';
import { resolveImageSrc } from '@toolshop/ui';
import styles from './add-product-form.module.css';

/** Shows what the image link points at, so a broken link is noticed before saving. */
export function ImagePreview({ src: link, name }: { src: string; name: string }) {
  // The same address the product's image will have everywhere (a path lives on the API).
  const src = resolveImageSrc(link) ?? '';
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== '' && failedSrc === src;

  return (
    <figure className={styles.preview}>
      <div className={styles.previewFrame}>
        {src && !failed ? (
          <img
            src={src}
            alt={name ? `Preview of ${name}` : 'Preview of the product image'}
            onError={() => setFailedSrc(src)}
          />
        ) : (
          <span className={styles.previewEmpty}>
            {failed ? 'The image could not be loaded from this link.' : 'No image yet'}
          </span>
        )}
      </div>
      <figcaption className={styles.previewCaption}>Image preview</figcaption>
    </figure>
  );
}

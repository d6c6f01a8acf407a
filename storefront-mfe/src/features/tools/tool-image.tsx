import { useState } from 'react';
import { classNames } from '@toolshop/ui';
import styles from './tool-image.module.css';

/** A grey card with a wrench, inlined so the fallback itself cannot fail to load. */
const placeholder = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360"><rect width="480" height="360" fill="#eef0f3"/><path d="M283 127a46 46 0 0 0-58 56l-73 73a16 16 0 0 0 23 23l73-73a46 46 0 0 0 56-58l-27 27-23-4-4-23z" fill="#c3c8d0"/></svg>',
)}`;

interface ToolImageProps {
  src: string;
  alt: string;
  className?: string;
  /** The detail page's picture is the largest thing above the fold: load it at once. */
  eager?: boolean;
}

/** A product photo (4:3, like the catalogue's) with fixed intrinsic size (no layout shift) and a neutral stand-in if it fails. */
export function ToolImage({ src, alt, className, eager = false }: ToolImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className={classNames(styles.image, className)}
      src={failed || !src ? placeholder : src}
      alt={alt}
      width={640}
      height={480}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      onError={() => setFailed(true)}
    />
  );
}

import { classNames, ProductImage } from '@toolshop/ui';
import styles from './tool-image.module.css';

interface ToolImageProps {
  src: string;
  alt: string;
  className?: string;
  /** The detail page's picture is the largest thing above the fold: load it at once. */
  eager?: boolean;
}

/**
 * A product photo (4:3, like the catalogue's) with fixed intrinsic size (no layout shift); the
 * shop's one ProductImage resolves it and shows a neutral stand-in if it fails.
 */
export function ToolImage({ src, alt, className, eager = false }: ToolImageProps) {
  return (
    <ProductImage
      className={classNames(styles.image, className)}
      src={src}
      alt={alt}
      width={640}
      height={480}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}

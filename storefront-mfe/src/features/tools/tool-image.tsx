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
 * How wide the picture is shown, for the srcset of an uploaded one: a card of the home grid (one
 * column on a phone, about three of the 72rem page on a wide screen), or the detail page's half.
 */
const SIZES = {
  card: '(min-width: 72rem) 23rem, (min-width: 36rem) 50vw, 100vw',
  detail: '(min-width: 72rem) 38rem, (min-width: 56rem) 55vw, 100vw',
};

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
      sizes={eager ? SIZES.detail : SIZES.card}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}

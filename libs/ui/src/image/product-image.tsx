import { useState, type ImgHTMLAttributes } from 'react';
import { uploadedImageVariants } from '@toolshop/contracts';

/**
 * Where product images stored as paths (`/images/drill.webp`) live: the API's URL from the runtime
 * config (set by @toolshop/auth when it reads /config.json). Without it a path stays as it is.
 */
let imageBase: string | undefined;

export function setImageBase(base: string | undefined): void {
  imageBase = base || undefined;
}

const ABSOLUTE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * The one way a product image's link becomes an address: absolute links (https:, data:, blob:)
 * stay as they are; a path resolves against the API's URL, as the API itself resolves it when a
 * product is saved. Empty or blank: undefined.
 */
export function resolveImageSrc(
  src: string | null | undefined,
  base = imageBase,
): string | undefined {
  const link = src?.trim();
  if (!link) return undefined;
  if (ABSOLUTE.test(link) || !base) return link;
  try {
    return new URL(link, base).href;
  } catch {
    return link;
  }
}

/** A grey card with a wrench, inlined so the fallback itself cannot fail to load. */
export const IMAGE_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360"><rect width="480" height="360" fill="#eef0f3"/><path d="M283 127a46 46 0 0 0-58 56l-73 73a16 16 0 0 0 23 23l73-73a46 46 0 0 0 56-58l-27 27-23-4-4-23z" fill="#c3c8d0"/></svg>',
)}`;

/**
 * The srcset of an uploaded picture's link (its WebP variants, `<url> <width>w`, smallest first);
 * undefined for any other link, which has one size only.
 */
export function imageSrcSet(link: string | undefined): string | undefined {
  const variants = link ? uploadedImageVariants(link) : undefined;
  return variants?.map(({ url, width }) => `${url} ${width}w`).join(', ');
}

export interface ProductImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'alt' | 'onError'
> {
  /** The product's `img`: an absolute link or a path on the API. */
  src: string | null | undefined;
  /** "" for a decorative thumbnail next to the product's name. */
  alt: string;
  /**
   * How wide the picture is shown (the `sizes` attribute): the browser picks the variant of an
   * uploaded picture from it. Default 100vw; give it wherever the picture is narrower.
   */
  sizes?: string;
}

/**
 * A product's picture, resolved the shop's one way (resolveImageSrc), with a neutral stand-in when
 * there is none or it fails to load (never a broken-image icon). An uploaded picture gets a srcset
 * of its WebP variants, so the browser loads the smallest that fills its `sizes`.
 */
export function ProductImage({
  src,
  alt,
  loading = 'lazy',
  decoding = 'async',
  sizes,
  ...rest
}: ProductImageProps) {
  const resolved = resolveImageSrc(src);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = resolved !== undefined && failedSrc === resolved;
  const srcSet = failed ? undefined : imageSrcSet(resolved);
  return (
    <img
      {...rest}
      src={!resolved || failed ? IMAGE_PLACEHOLDER : resolved}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? '100vw') : undefined}
      alt={alt}
      loading={loading}
      decoding={decoding}
      onError={() => setFailedSrc(resolved ?? null)}
    />
  );
}

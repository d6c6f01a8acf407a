/**
 * Uploaded product pictures: what an admin may upload, the messages the API and the
 * admin form share, and the one URL scheme of the WebP variants the API makes of an upload.
 */

/** Largest upload: 5 MB. */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The types an upload may be (checked on the bytes by the API; the form checks the file's type). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Largest picture decoded (width × height): refuses decompression bombs before they are decoded. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** At most this many times longer than wide, or wider than long (the variants stay inside WebP's limits). */
export const IMAGE_MAX_ASPECT_RATIO = 10;
/** Widths of the WebP variants; an upload narrower than one of them gets its own width instead (never upscaled). */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280] as const;
/** The largest variant's width. */
export const IMAGE_MAX_WIDTH = 1280;

export const ImageMessages = {
  wrongType: 'Choose a JPEG, PNG or WebP image',
  tooLarge: 'The image is larger than 5 MB',
  tooManyPixels: 'The image has too many pixels: at most 40 megapixels',
  badShape: 'The image is too narrow or too wide: at most 10 times longer than wide',
  unreadable: 'This image could not be read: it may be damaged',
  uploaded: 'Image uploaded',
  uploadFailed: 'The image could not be uploaded. Please try again.',
} as const;

/**
 * The form's courtesy check of a chosen file, by its type and size, with the API's messages (the
 * API judges the bytes themselves). Undefined when it may be uploaded.
 */
export function imageFileError(file: { type: string; size: number }): string | undefined {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type))
    return ImageMessages.wrongType;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return ImageMessages.tooLarge;
  if (file.size === 0) return ImageMessages.unreadable;
  return undefined;
}

/** The widths of the variants made of a picture `width` pixels wide (after orientation). */
export function variantWidths(width: number): number[] {
  const widths: number[] = IMAGE_VARIANT_WIDTHS.filter((w) => w < width);
  const largest = Math.min(width, IMAGE_MAX_WIDTH);
  if (!widths.includes(largest)) widths.push(largest);
  return widths;
}

/**
 * A `.` or `..` path segment, plain or percent-encoded (`%2e`, `.%2E`, `%252e`...), between `/`
 * or `\` (URL parsers read `\` as `/` in web links), plain or encoded too (`%2f`, `%5c`): a link
 * a parser or a server would move elsewhere (`/images/../docs` is `/docs`).
 */
const DOT_SEGMENT =
  /(?:^|[/\\]|%(?:25)*(?:2f|5c))(?:\.|%(?:25)*2e){1,2}(?:[/\\?#]|%(?:25)*(?:2f|5c)|$)/i;

/** Whether an image link names a path through dot segments (refused: links are stored as given). */
export const hasDotSegment = (link: string): boolean => DOT_SEGMENT.test(link);

/** The path of one variant of an uploaded image. */
export const imageVariantPath = (id: string, width: number) => `/images/${id}/${width}.webp`;

const UPLOADED = /^(.*\/images\/([a-f\d]{24}))\/(\d{1,5})\.webp$/;

/**
 * The variants of an uploaded image's link (its largest variant, as the upload answers it), or
 * undefined for any other link (a shipped image, another host's): srcset candidates, smallest first.
 */
export function uploadedImageVariants(link: string): { url: string; width: number }[] | undefined {
  const match = UPLOADED.exec(link);
  if (!match) return undefined;
  const largest = Number(match[3]);
  if (!Number.isInteger(largest) || largest < 1) return undefined;
  return variantWidths(largest).map((width) => ({ url: `${match[1]}/${width}.webp`, width }));
}

import {
  IMAGE_MAX_ASPECT_RATIO,
  IMAGE_MAX_PIXELS,
  ImageMessages,
  variantWidths,
} from '@toolshop/contracts';
import sharp from 'sharp';
import { DomainError } from '../common/domain-error';

// One picture at a time through libvips per call, no operation cache: the API shares two cores
// with everything else, and an upload is rare.
sharp.cache(false);
sharp.concurrency(1);

export type UploadFormat = 'jpeg' | 'png' | 'webp';

/** What the bytes are, by their signature (never by a name or a header the client chose). */
export function sniffImage(bytes: Uint8Array): UploadFormat | undefined {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  const ascii = (from: number, to: number) =>
    Buffer.from(bytes.subarray(from, to)).toString('latin1');
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** An upload the shop does not take; answered as 400, 413 or 415 with its message. */
export class ImageRefusal extends DomainError {}

const refuse = (kind: 'invalid' | 'tooLarge' | 'unsupportedType', message: string) =>
  new ImageRefusal(kind, message);

export interface ImageVariant {
  width: number;
  height: number;
  data: Buffer;
}

/**
 * The WebP variants of an uploaded JPEG, PNG or WebP: the type checked on the bytes and again by
 * the decoder, the pixel count capped before anything is decoded (decompression bombs), turned
 * upright by its EXIF orientation, every metadata block (EXIF, GPS, XMP, ICC) left out, one variant
 * per width of `variantWidths` (never upscaled). Throws ImageRefusal for anything else.
 */
export async function makeVariants(bytes: Buffer): Promise<ImageVariant[]> {
  const format = sniffImage(bytes);
  if (!format) throw refuse('unsupportedType', ImageMessages.wrongType);
  const input = () =>
    sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', pages: 1 }).autoOrient();

  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
    if (meta.format !== format) throw refuse('unsupportedType', ImageMessages.wrongType);
    ({ width, height } = meta.autoOrient);
  } catch (error) {
    if (error instanceof ImageRefusal) throw error;
    throw refuse('invalid', ImageMessages.unreadable);
  }
  if (!(width > 0 && height > 0)) throw refuse('invalid', ImageMessages.unreadable);
  if (width * height > IMAGE_MAX_PIXELS) throw refuse('tooLarge', ImageMessages.tooManyPixels);
  if (Math.max(width, height) > IMAGE_MAX_ASPECT_RATIO * Math.min(width, height)) {
    throw refuse('invalid', ImageMessages.badShape);
  }

  const variants: ImageVariant[] = [];
  try {
    for (const target of variantWidths(width)) {
      const { data, info } = await input()
        .resize({ width: target, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, data });
    }
  } catch {
    // A header that decodes but a body that does not (truncated, corrupt).
    throw refuse('invalid', ImageMessages.unreadable);
  }
  return variants;
}

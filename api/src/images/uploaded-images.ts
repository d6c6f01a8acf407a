import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { imageVariantPath } from '@toolshop/contracts';
import { Types, type Connection, type mongo } from 'mongoose';
import { createHash } from 'node:crypto';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { makeVariants } from './image-variants';

interface VariantDocument {
  /** `<image id>/<width>`: one read by _id serves a variant. */
  _id: string;
  image: string;
  width: number;
  height: number;
  data: Buffer;
  etag: string;
  uploadedBy: string;
  createdAt: Date;
}

export interface UploadedImage {
  /** The link of the largest variant: what a product's `img` takes (the others derive from it). */
  url: string;
  id: string;
  width: number;
  height: number;
  widths: number[];
}

export interface StoredVariant {
  data: Buffer;
  etag: string;
}

/**
 * Uploaded pictures as WebP variants in the database (one small document per variant, so a read
 * is one lookup by _id; the largest, 1280 px wide, stays far below the 16 MB document limit).
 * Variants never change once written: their links are cached for a year.
 */
@Injectable()
export class UploadedImages {
  private readonly variants: mongo.Collection<VariantDocument>;

  constructor(
    @InjectConnection() connection: Connection,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.variants = connection.collection<VariantDocument>('image_variants');
  }

  async upload(bytes: Buffer, uploadedBy: string): Promise<UploadedImage> {
    const made = await makeVariants(bytes);
    const id = new Types.ObjectId().toHexString();
    const createdAt = new Date();
    await this.variants.insertMany(
      made.map(({ width, height, data }) => ({
        _id: `${id}/${width}`,
        image: id,
        width,
        height,
        data,
        etag: `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`,
        uploadedBy,
        createdAt,
      })),
    );
    const largest = made[made.length - 1]!;
    return {
      url: `${this.config.publicUrl}${imageVariantPath(id, largest.width)}`,
      id,
      width: largest.width,
      height: largest.height,
      widths: made.map((variant) => variant.width),
    };
  }

  async variant(id: string, width: number): Promise<StoredVariant | undefined> {
    const found = await this.variants.findOne(
      { _id: `${id}/${width}` },
      { projection: { data: 1, etag: 1 }, promoteBuffers: true },
    );
    return found ? { data: found.data, etag: found.etag } : undefined;
  }
}

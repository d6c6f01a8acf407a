import { ApiMessages, IMAGE_UPLOAD_MAX_BYTES, ImageMessages } from '@toolshop/contracts';
import { Body, Controller, Get, NotFoundException, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiProperty,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AdminOnly } from '../access/access.decorators';
import { Audited } from '../audit/audited.decorator';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Public } from '../auth/auth.decorators';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { RateLimit } from '../common/rate-limit.decorator';
import { ImageRefusal } from './image-variants';
import { IMAGE_UPLOAD_CONTENT_TYPES } from './image-upload';
import { UploadedImages } from './uploaded-images';

/** api/assets/tools, from src/images (jest) and dist/images (built) alike. */
export const TOOL_IMAGES_DIR = resolve(__dirname, '../../assets/tools');
const FILE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.webp$/;
const IMAGE_ID = /^[a-f\d]{24}$/;
const VARIANT_FILE = /^([1-9]\d{0,4})\.webp$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

class UploadedImageResponse {
  @ApiProperty({
    example: 'http://localhost:5000/images/6651f0c2a1b2c3d4e5f60718/1280.webp',
    description: 'The largest variant: the link a product’s img takes',
  })
  url: string;
  @ApiProperty({ example: '6651f0c2a1b2c3d4e5f60718' }) id: string;
  @ApiProperty({ example: 1280 }) width: number;
  @ApiProperty({ example: 960 }) height: number;
  @ApiProperty({ type: [Number], example: [320, 640, 960, 1280] }) widths: number[];
}

/**
 * Product pictures: the ones shipped in the repo (the machines are offline: no external image
 * hosts) and the ones admins upload, served as WebP variants at stable, immutable links.
 */
@ApiTags('images')
@Controller('images')
export class ImagesController {
  private readonly cache = new Map<string, Buffer>();

  constructor(private readonly uploads: UploadedImages) {}

  @Post()
  @AdminOnly()
  @RateLimit('writes')
  @Audited('image.upload', {
    // The picture's id is the target; its link and widths are what the upload added.
    change: ({ result }) => ({
      after: { url: result.url, width: result.width, height: result.height, widths: result.widths },
    }),
  })
  @ApiConsumes(...IMAGE_UPLOAD_CONTENT_TYPES)
  @ApiBody({
    description: `The picture's bytes as the body (no form): a JPEG, PNG or WebP of at most ${IMAGE_UPLOAD_MAX_BYTES} bytes; its type is read from the bytes`,
    schema: { type: 'string', format: 'binary' },
  })
  @ApiCreatedResponse({
    type: UploadedImageResponse,
    description:
      'Admins: the picture, upright and without its metadata (EXIF, GPS), as WebP variants 320, 640, 960 and 1280 px wide (never wider than the upload)',
  })
  @ApiInvalidInput
  @ApiPayloadTooLargeResponse({
    description: 'Larger than 5 MB, or more than 40 megapixels',
    type: ErrorResponse,
  })
  @ApiUnsupportedMediaTypeResponse({
    description: 'Not a JPEG, PNG or WebP (judged by the bytes)',
    type: ErrorResponse,
  })
  async upload(@Body() body: Buffer, @CurrentUser() caller: AuthUser) {
    // JSON, text or an empty body: not a picture.
    if (!Buffer.isBuffer(body) || body.length === 0) {
      throw new ImageRefusal('unsupportedType', ImageMessages.wrongType);
    }
    return this.uploads.upload(body, caller.email);
  }

  @Get(':id/:file')
  @Public()
  @ApiOkResponse({
    description:
      'One WebP variant of an uploaded picture, cached for a year (the link never changes)',
    content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiNotFoundResponse({ type: ErrorResponse })
  async variant(
    @Param('id') id: string,
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const width = VARIANT_FILE.exec(file)?.[1];
    const found =
      IMAGE_ID.test(id) && width ? await this.uploads.variant(id, Number(width)) : undefined;
    if (!found) throw new NotFoundException(ApiMessages.imageNotFound);
    void reply
      .header('Cache-Control', IMMUTABLE)
      .header('ETag', found.etag)
      .header('X-Content-Type-Options', 'nosniff');
    if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
    return reply.type('image/webp').send(found.data);
  }

  @Get(':file')
  @Public()
  @ApiOkResponse({
    description: 'A WebP product image, cached for a year',
    content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiNotFoundResponse({ type: ErrorResponse })
  async image(@Param('file') file: string, @Res() reply: FastifyReply) {
    if (!FILE_NAME.test(file)) throw new NotFoundException(ApiMessages.imageNotFound);
    let data = this.cache.get(file);
    if (!data) {
      data = await readFile(join(TOOL_IMAGES_DIR, file)).catch(() => undefined);
      if (!data) throw new NotFoundException(ApiMessages.imageNotFound);
      this.cache.set(file, data);
    }
    return reply.header('Content-Type', 'image/webp').header('Cache-Control', IMMUTABLE).send(data);
  }
}

import { ApiMessages } from '@toolshop/contracts';
import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ErrorResponse } from '../common/error-response.dto';
import { Public } from '../auth/auth.decorators';

/** api/assets/tools, from src/images (jest) and dist/images (built) alike. */
export const TOOL_IMAGES_DIR = resolve(__dirname, '../../assets/tools');
const FILE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.webp$/;

/** The product images shipped in the repo (the machines are offline: no external image hosts). */
@ApiTags('images')
@Controller('images')
@Public()
export class ImagesController {
  private readonly cache = new Map<string, Buffer>();

  @Get(':file')
  @ApiOkResponse({ description: 'A WebP product image, cached for a year' })
  @ApiNotFoundResponse({ type: ErrorResponse })
  async image(@Param('file') file: string, @Res() reply: FastifyReply) {
    if (!FILE_NAME.test(file)) throw new NotFoundException(ApiMessages.imageNotFound);
    let data = this.cache.get(file);
    if (!data) {
      data = await readFile(join(TOOL_IMAGES_DIR, file)).catch(() => undefined);
      if (!data) throw new NotFoundException(ApiMessages.imageNotFound);
      this.cache.set(file, data);
    }
    return reply
      .header('Content-Type', 'image/webp')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(data);
  }
}

import { AnsweredFromCache } from '../common/cached-lists';
import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AdminOnly } from '../access/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { Public } from '../auth/auth.decorators';
import { DeletedResponse, InsertedResponse, ModifiedResponse } from '../common/answers.dto';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { pageOf, withTotal } from '../common/pagination';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { sendSnapshot } from '../common/public-cache';
import { RateLimit } from '../common/rate-limit.decorator';
import {
  ApiSkuConflict,
  CreateToolDto,
  EditToolTermsDto,
  RestockDto,
  ToolLookupQuery,
  ToolLookupResponse,
  ToolResponse,
  ToolsQuery,
} from './tool.dto';
import { ToolsService } from './tools.service';
import { Idempotent } from '../common/idempotency';

const notFound = ApiNotFoundResponse({ description: 'No tool with this id', type: ErrorResponse });

@ApiTags('tools')
@Controller('tools')
export class ToolsController {
  constructor(private readonly tools: ToolsService) {}

  @Get()
  @Public()
  @AnsweredFromCache(ToolsService)
  @ApiOkResponse({
    type: [ToolResponse],
    description:
      'Public; newest first unless sorted; a plain array, or with limit/page one page and the total in X-Total-Count; ETag revalidation',
  })
  @ApiInvalidInput
  async list(
    @Query() query: ToolsQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { q, category, inStock, lowStock, sort } = query;
    const { tools, total } = await this.tools.list(pageOf(query), {
      q,
      category,
      inStock: inStock === 'true',
      lowStock: lowStock === 'true',
      sort,
    });
    return sendSnapshot(request, reply, withTotal(reply, tools, total));
  }

  @Get('lookup')
  @Public()
  @RateLimit('account')
  @ApiOkResponse({
    type: [ToolLookupResponse],
    description:
      'Public; Quick Order’s typeahead: the products whose SKU or name starts with q (any case), SKU matches first, at most limit (8)',
  })
  @ApiInvalidInput
  lookup(@Query() query: ToolLookupQuery) {
    return this.tools.lookup(query.q, query.limit ?? 8);
  }

  @Get(':id')
  @Public()
  @ApiOkResponse({ type: ToolResponse, description: 'Public' })
  @ApiInvalidInput
  @notFound
  get(@Param('id', ParseObjectIdPipe) id: string) {
    return this.tools.get(id);
  }

  @Post()
  @Idempotent()
  @AdminOnly()
  @RateLimit('writes')
  @Audited('product.add', { details: ['available', 'price'] })
  @ApiCreatedResponse({ type: InsertedResponse })
  @ApiSkuConflict('The SKU is another product’s')
  @ApiInvalidInput
  create(@Body() body: CreateToolDto) {
    return this.tools.create(body);
  }

  @Put(':id')
  @AdminOnly()
  @RateLimit('writes')
  @Audited('product.restock', { details: ['available'] })
  @ApiOkResponse({ type: ModifiedResponse, description: 'Restock: sets available' })
  @ApiInvalidInput
  @notFound
  restock(@Param('id', ParseObjectIdPipe) id: string, @Body() body: RestockDto) {
    return this.tools.restock(id, body.available);
  }

  @Patch(':id')
  @AdminOnly()
  @RateLimit('writes')
  @Audited('product.edit', {
    details: ['price', 'minOrder', 'packSize', 'priceTiers', 'category', 'sku'],
  })
  @ApiOkResponse({
    type: ModifiedResponse,
    description:
      'Edits the buying terms (price, minOrder, packSize, priceTiers) and the description (name, img, shortDescription, category, sku), checked with the rest of the tool; priceTiers [] removes the tiers, packSize 1 the packs, category null the category',
  })
  @ApiSkuConflict('The SKU is another product’s, or the tool changed meanwhile')
  @ApiInvalidInput
  @notFound
  editTerms(@Param('id', ParseObjectIdPipe) id: string, @Body() body: EditToolTermsDto) {
    return this.tools.editTerms(id, body);
  }

  @Delete(':id')
  @AdminOnly()
  @RateLimit('writes')
  @Audited('product.delete')
  @ApiOkResponse({ type: DeletedResponse })
  @ApiInvalidInput
  @notFound
  remove(@Param('id', ParseObjectIdPipe) id: string) {
    return this.tools.remove(id);
  }
}

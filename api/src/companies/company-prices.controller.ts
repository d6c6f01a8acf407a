import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../access/access.decorators';
import { Audited } from '../audit/audited.decorator';
import { CurrentUser } from '../auth/auth.decorators';
import type { AuthUser } from '../auth/auth-user';
import { ModifiedResponse } from '../common/answers.dto';
import { ApiInvalidInput, ErrorResponse } from '../common/error-response.dto';
import { pageOf, withTotal } from '../common/pagination';
import { ParseObjectIdPipe } from '../common/parse-object-id.pipe';
import { RateLimit } from '../common/rate-limit.decorator';
import {
  AdminCompaniesQuery,
  CompanyPriceListInputDto,
  CompanyPriceListResponse,
  CompanySummaryResponse,
  MemberPriceResponse,
} from './company-prices.dto';
import { CompanyPrices } from './company-prices.service';

const noCompany = ApiNotFoundResponse({ description: 'No such company', type: ErrorResponse });

/** Company price lists: the admins' companies pages, and the price a signed-in buyer pays. */
@ApiTags('companies')
@Controller()
export class CompanyPricesController {
  // A company with its members is GET /companies/{id} (admins).
  constructor(private readonly prices: CompanyPrices) {}

  @Get('admin/companies')
  @AdminOnly()
  @ApiOkResponse({
    type: [CompanySummaryResponse],
    description:
      'Companies by name (q: part of it, any case), with member counts and price list summaries; with limit/page one page and the total in X-Total-Count',
  })
  @ApiInvalidInput
  async list(@Query() query: AdminCompaniesQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    const { companies, total } = await this.prices.list(pageOf(query), query.q);
    return withTotal(reply, companies, total);
  }

  @Get('admin/companies/:id/prices')
  @AdminOnly()
  @ApiOkResponse({
    type: CompanyPriceListResponse,
    description: 'The discount and fixed prices, each with the product’s name and list price now',
  })
  @ApiInvalidInput
  @noCompany
  readPrices(@Param('id', ParseObjectIdPipe) id: string) {
    return this.prices.read(id);
  }

  @Put('admin/companies/:id/prices')
  @AdminOnly()
  @RateLimit('writes')
  @Audited('company.prices', { details: ['discountPercent'] })
  @ApiOkResponse({
    type: ModifiedResponse,
    description: 'Replaces the company’s discount and fixed prices (unknown products: 400)',
  })
  @ApiInvalidInput
  @noCompany
  replacePrices(
    @Param('id', ParseObjectIdPipe) id: string,
    @Body() body: CompanyPriceListInputDto,
    @CurrentUser() admin: AuthUser,
  ) {
    return this.prices.replace(id, body, admin.email);
  }

  @Get('tools/:id/price')
  @ApiOkResponse({
    type: MemberPriceResponse,
    description:
      'What the signed-in caller pays for this tool: the list price, and the company price when the caller’s company has one (the public tool answers stay the same for everyone)',
  })
  @ApiInvalidInput
  @ApiNotFoundResponse({ description: 'No tool with this id', type: ErrorResponse })
  memberPrice(@CurrentUser() user: AuthUser, @Param('id', ParseObjectIdPipe) id: string) {
    return this.prices.memberPrice(user.email, id);
  }
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  COMPANY_PRICES_MAX,
  COMPANY_SEARCH_MAX_LENGTH,
  companyPricesError,
  DISCOUNT_PERCENT_MAX,
  discountPercentError,
  InputMessages,
  PRICE_MAX,
  type CompanyPriceList,
  type CompanyPriceListInput,
  type CompanySummary,
  type MemberPrice,
} from '@toolshop/contracts';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { FollowsRule } from '../common/contract-rule';
import { PageQuery } from '../common/pagination';

const SEARCH_MESSAGE = InputMessages.atMost(COMPANY_SEARCH_MAX_LENGTH);

/** GET /admin/companies. */
export class AdminCompaniesQuery extends PageQuery {
  @ApiPropertyOptional({
    maxLength: COMPANY_SEARCH_MAX_LENGTH,
    description: 'Part of the company’s name, any case',
  })
  @IsOptional()
  @IsString({ message: SEARCH_MESSAGE })
  @MaxLength(COMPANY_SEARCH_MAX_LENGTH, { message: SEARCH_MESSAGE })
  // PostgreSQL text cannot hold a NUL: refused, not a 500.
  // eslint-disable-next-line no-control-regex -- the NUL is what it refuses
  @Matches(/^[^\u0000]*$/, { message: SEARCH_MESSAGE })
  q?: string;
}

export class CompanyPriceEntryDto {
  @ApiProperty({ pattern: '^[0-9a-fA-F]{24}$', description: 'The product’s id' })
  product: string;

  @ApiProperty({ minimum: 0, maximum: PRICE_MAX, description: 'Dollars, at most two decimals' })
  unitPrice: number;
}

/** PUT /admin/companies/{id}/prices: replaces the whole list. */
export class CompanyPriceListInputDto implements CompanyPriceListInput {
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: DISCOUNT_PERCENT_MAX,
    multipleOf: 0.1,
    description: 'Off every tool without a fixed price; absent or null: no discount',
  })
  @FollowsRule('discountPercent', discountPercentError)
  discountPercent?: number | null;

  @ApiProperty({ type: [CompanyPriceEntryDto], maxItems: COMPANY_PRICES_MAX })
  @FollowsRule('prices', companyPricesError)
  prices: CompanyPriceEntryDto[];
}

export class CompanyPriceResponse extends CompanyPriceEntryDto {
  @ApiPropertyOptional({ description: 'The product’s name now' }) name?: string;
  @ApiPropertyOptional() sku?: string;
  @ApiPropertyOptional({ description: 'The product’s list price now' }) listPrice?: number;
}

export class CompanyPriceListResponse implements CompanyPriceList {
  @ApiProperty() companyId: string;
  @ApiPropertyOptional() discountPercent?: number;
  @ApiProperty({ type: [CompanyPriceResponse] }) prices: CompanyPriceResponse[];
  @ApiPropertyOptional({ format: 'date-time' }) updatedAt?: string;
}

export class CompanySummaryResponse implements CompanySummary {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'How many members' }) members: number;
  @ApiPropertyOptional() discountPercent?: number;
  @ApiProperty({ description: 'How many fixed prices' }) fixedPrices: number;
}

class MemberCompanyResponse {
  @ApiProperty() name: string;
  @ApiPropertyOptional() discountPercent?: number;
  @ApiPropertyOptional({ description: 'This tool’s fixed price' }) fixedPrice?: number;
}

export class MemberPriceResponse implements MemberPrice {
  @ApiProperty() toolId: string;
  @ApiProperty() listPrice: number;
  @ApiPropertyOptional({
    type: MemberCompanyResponse,
    description: 'The caller’s company, when it has a price for this tool',
  })
  company?: MemberCompanyResponse;
  @ApiPropertyOptional({ description: 'The company’s unit price before quantity tiers' })
  companyPrice?: number;
}

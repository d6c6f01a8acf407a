import { ApiPropertyOptional } from '@nestjs/swagger';
import { InputMessages, LIST_MAX_LIMIT, TOTAL_COUNT_HEADER } from '@toolshop/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { FastifyReply } from 'fastify';
import type { Model, QueryFilter } from 'mongoose';

/** Without limit/page a list still answers a plain array, but never more than this. */
export const LIST_CAP = LIST_MAX_LIMIT;
const MAX_PAGE = 10_000;

export class PageQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: LIST_CAP, description: 'Page size' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: InputMessages.pageLimit })
  @Min(1, { message: InputMessages.pageLimit })
  @Max(LIST_CAP, { message: InputMessages.pageLimit })
  limit?: number;

  @ApiPropertyOptional({ minimum: 1, description: 'Page number, from 1' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: InputMessages.pageNumber })
  @Min(1, { message: InputMessages.pageNumber })
  @Max(MAX_PAGE, { message: InputMessages.pageNumber })
  page?: number;
}

export interface Page {
  skip: number;
  limit: number;
  /** The caller asked for a page: answer the total in X-Total-Count. */
  requested: boolean;
}

export function pageOf(query: PageQuery): Page {
  const limit = query.limit ?? LIST_CAP;
  return {
    limit,
    skip: ((query.page ?? 1) - 1) * limit,
    requested: query.limit !== undefined || query.page !== undefined,
  };
}

const CANONICAL_PAGE = /^limit=([1-9]\d{0,5})&page=([1-9]\d{0,5})$/;

/**
 * The page a raw query string asks for when it is one PageQuery accepts as it stands: none (the
 * plain list) or exactly `limit=L&page=P` in decimals within bounds; else undefined (let
 * validation judge it). What a cached list may answer before Nest validates the query.
 */
export function pageOfSearch(search: string): Page | undefined {
  if (search === '') return pageOf({});
  const match = CANONICAL_PAGE.exec(search);
  if (!match) return undefined;
  const [limit, page] = [Number(match[1]), Number(match[2])];
  return limit <= LIST_CAP && page <= MAX_PAGE ? pageOf({ limit, page }) : undefined;
}

/** A list answer (the plain array or its snapshot), with the total in X-Total-Count when one was counted. */
export function withTotal<T>(reply: FastifyReply, items: T, total: number | undefined): T {
  if (total !== undefined) void reply.header(TOTAL_COUNT_HEADER, String(total));
  return items;
}

/**
 * The number of documents a list's filter matches. Without a filter it is the collection's count
 * (the count command: collection metadata on MongoDB, a plain row count on the embedded engine, both
 * exact); with one, countDocuments, which the filter's index serves.
 */
export function countOf<T>(model: Model<T>, filter: QueryFilter<T> = {}): Promise<number> {
  return Object.keys(filter).length === 0
    ? model.estimatedDocumentCount()
    : model.countDocuments(filter);
}

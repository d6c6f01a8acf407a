import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import { ApiMessages, type ApiErrorBody } from '@toolshop/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { DomainError, STATUS_OF_KIND } from './domain-error';

export function errorBody(statusCode: number, message: string | string[]): ApiErrorBody {
  return { statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error' };
}

/** Turns anything thrown into the API's one error shape; unknown errors become a logged 500. */
export function toErrorBody(exception: unknown): ApiErrorBody {
  if (exception instanceof DomainError)
    return errorBody(STATUS_OF_KIND[exception.kind], exception.message);
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : ((response as { message?: string | string[] }).message ?? exception.message);
    return errorBody(status, message);
  }
  const error = exception as {
    name?: string;
    code?: number;
    statusCode?: number;
    message?: string;
  };
  if (error?.name === 'CastError' || error?.name === 'BSONError')
    return errorBody(400, ApiMessages.invalidId);
  if (error?.name === 'ValidationError') return errorBody(400, error.message ?? 'Invalid input');
  if (error?.code === 11000) return errorBody(409, 'This record already exists');
  if (
    /^Mongo(ose)?(ServerSelection|NetworkError|NotConnected)/.test(error?.name ?? '') ||
    /buffering timed out/.test(error?.message ?? '')
  ) {
    return errorBody(503, ApiMessages.serviceUnavailable);
  }
  // Errors raised by Fastify itself (bad JSON, body too large, wrong content type) carry a 4xx code.
  if (typeof error?.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return errorBody(error.statusCode, error.message ?? 'Bad request');
  }
  return errorBody(HttpStatus.INTERNAL_SERVER_ERROR, ApiMessages.internalError);
}

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) {
      // The request's own logger, so the line carries its request id and W3C trace id.
      const log = http.getRequest<FastifyRequest | undefined>()?.log;
      if (log) log.error({ err: exception }, 'request failed');
      else this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    }
    void reply.status(body.statusCode).send(body);
  }
}

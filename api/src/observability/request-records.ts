import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiMetrics } from './api-metrics';
import { parseTraceparent, type TraceContext } from '@toolshop/observability';
import { formatTraceparent, traceOf } from './trace-context';

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The caller's X-Request-Id when it looks like one, else a new id. */
export const requestIdOf = (headers: IncomingHttpHeaders): string => {
  const given = headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
};

/** The headers naming a request and its trace, as flat name/value pairs. */
const requestHeaders = (id: string, trace: TraceContext) =>
  [
    'x-request-id',
    id,
    'x-trace-id',
    trace.traceId,
    'traceresponse',
    formatTraceparent(trace),
  ] as const;

/** What the log line of an answered request says besides its bindings (reqId, trace). */
const requestLine = (method: string, url: string, status: number, ms: number) => ({
  method,
  url,
  status,
  ms: Math.round(ms),
});

/**
 * Every answer names its request and trace (X-Request-Id, X-Trace-Id, traceresponse); every
 * request, once answered, is one log line and one metrics sample. Callback hooks: no promise per
 * request and hook.
 */
export function registerRequestRecords(fastify: FastifyInstance, metrics: ApiMetrics): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const [id, idValue, trace, traceValue, response, responseValue] = requestHeaders(
      request.id,
      traceOf(request.raw),
    );
    void reply.header(id, idValue).header(trace, traceValue).header(response, responseValue);
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.requestFinished(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    request.log.info(
      requestLine(request.method, request.url, reply.statusCode, reply.elapsedTime),
      'request',
    );
    done();
  });
}

/**
 * The same records for a request answered before Fastify (common/cached-lists.ts): its id and
 * trace, their headers, and at the end the metrics sample and the log line (bound fields first,
 * as a Fastify request's child logger writes them). `route` is the request's route template.
 */
export const requestRecordsBeforeFastify =
  (logger: { info(fields: object, message: string): void }, metrics: ApiMetrics) =>
  (headers: IncomingHttpHeaders) => {
    const reqId = requestIdOf(headers);
    const trace = parseTraceparent(headers.traceparent);
    const { traceId, spanId } = trace;
    return {
      headers: requestHeaders(reqId, trace),
      finished(method: string, route: string, url: string, status: number, ms: number) {
        metrics.requestFinished(method, route, status, ms / 1000);
        logger.info({ reqId, traceId, spanId, ...requestLine(method, url, status, ms) }, 'request');
      },
    };
  };

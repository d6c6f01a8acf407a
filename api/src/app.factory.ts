import { NestFactory } from '@nestjs/core';
import { getConnectionToken } from '@nestjs/mongoose';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { TOTAL_COUNT_HEADER } from '@toolshop/contracts';
import { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Connection } from 'mongoose';
import pino from 'pino';
import { AdminDirectory } from './access/admin-directory';
import { bodyGate } from './access/body-gate';
import { AppModule } from './app.module';
import { documentSignIn } from './auth/openapi-access';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { documentIdempotency } from './common/idempotency';
import { refuseDeepBodies } from './common/body-depth';
import { PinoNestLogger } from './common/pino-nest-logger';
import { answerCachedLists, cachedListsOf } from './common/cached-lists';
import { registerCompression } from './common/compression';
import { registerCors } from './common/cors';
import { registerPublicCache } from './common/public-cache';
import {
  API_SECURITY_HEADERS,
  DOCS_SECURITY_HEADERS,
  registerSecurityHeaders,
} from './common/security-headers';
import { createValidationPipe } from './common/validation.pipe';
import type { ApiConfig } from './config/config';
import { buildIndexes } from './health/indexes';
import { Readiness } from './health/readiness';
import { registerImageUploads } from './images/image-upload';
import { documentBodyLimits, registerRouteBodyLimits } from './common/route-body-limits';
import { ApiMetrics } from './observability/api-metrics';
import { METRICS_SECURITY } from './observability/metrics.controller';
import { ObservabilityModule } from './observability/observability.module';
import {
  registerRequestRecords,
  requestIdOf,
  requestRecordsBeforeFastify,
} from './observability/request-records';
import { traceOf } from './observability/trace-context';

/** JSON bodies above this size are refused with 413 (a few routes take more: ROUTE_BODY_LIMITS). */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** The nearest `hops` proxies are believed (what Fastify does with a number, typed as a function). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

const withTraceIds = (
  parent: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: object,
  raw: IncomingMessage,
) => {
  const { traceId, spanId } = traceOf(raw);
  return parent.child({ ...bindings, traceId, spanId }, options);
};

/** Builds the API (not yet listening): Fastify, security headers, CORS, validation, errors, docs. */
export async function createApp(config: ApiConfig): Promise<NestFastifyApplication> {
  // Asynchronous writes: lines logged while one write is under way go out together with the next
  // (a synchronous write per request line was a measurable share of a cached read); pino flushes
  // what is left when the process exits.
  const logger = pino(
    { level: config.logLevel, base: { service: 'api' } },
    pino.destination({ dest: 1, sync: false }),
  );
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // One line per request from the onResponse hook below instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the configured proxies may name the client (rate limits key on its address).
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A slow or stalled client cannot hold a connection open indefinitely.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    // Over-long ids reach the id validation (400) instead of an undocumented 414.
    routerOptions: { maxParamLength: 2048 },
    // genReqId reads X-Request-Id itself, so a caller's id is used only when it looks like one.
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => requestIdOf(request.headers),
    // Every line a request logs carries its W3C trace id (from the caller's traceparent, or new).
    childLoggerFactory: withTraceIds,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, [ObservabilityModule]),
    adapter,
    {
      logger: new PinoNestLogger(logger),
      bufferLogs: false,
    },
  );
  // The indexes first: the seed, the backfills and the unique rules of every write rely on them.
  if (config.autoIndex) await buildIndexes(app.get<Connection>(getConnectionToken()));

  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const metrics = app.get(ApiMetrics);
  registerRouteBodyLimits(fastify, bodyGate(app.get(AdminDirectory)));
  registerRequestRecords(fastify, metrics);
  registerPublicCache(fastify);
  registerCompression(fastify);
  refuseDeepBodies(fastify);
  registerImageUploads(fastify);

  const securityHeaders = registerSecurityHeaders(fastify, API_SECURITY_HEADERS, {
    path: '/docs',
    options: DOCS_SECURITY_HEADERS,
  });
  const cors = registerCors(fastify, {
    origins: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'X-Request-Id',
      'Idempotency-Key',
      'If-None-Match',
      'traceparent',
      'tracestate',
    ],
    exposedHeaders: [
      TOTAL_COUNT_HEADER,
      'X-Request-Id',
      'X-Trace-Id',
      'traceresponse',
      'ETag',
      // The name of a downloaded file (invoices), read by the pages' fetch.
      'Content-Disposition',
      // A 409 "still being processed" (Idempotency-Key): the client sends the same key again.
      'Retry-After',
    ],
    maxAgeSeconds: 600,
  });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());
  const readiness = app.get(Readiness);
  answerCachedLists(fastify, cachedListsOf(app), {
    securityHeaders,
    cors,
    records: requestRecordsBeforeFastify(logger, metrics),
    draining: () => readiness.isDraining,
  });
  // No enableShutdownHooks(): main.ts drains on SIGTERM first (health/graceful-shutdown.ts).

  const document = documentBodyLimits(
    documentIdempotency(
      documentSignIn(
        SwaggerModule.createDocument(
          app,
          new DocumentBuilder()
            .setTitle('Toolshop API')
            .setDescription(
              'Every call of the Toolshop web shop. Errors: { statusCode, message, error }.',
            )
            .setVersion('1.0')
            .addBearerAuth({
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT (RS256, from the identity provider)',
            })
            .addBearerAuth(
              { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN (GET /metrics only)' },
              METRICS_SECURITY,
            )
            .build(),
        ),
      ),
    ),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
  return app;
}

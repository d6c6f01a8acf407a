import type { Context } from 'koa';
import { STATUS_CODES } from 'node:http';

export class HttpError extends Error {
  readonly status: number;
  readonly error: string;
  readonly headers: Record<string, string>;
  /** The form field the error is about, so a form can point at it. */
  readonly field?: string;

  constructor(
    status: number,
    error: string,
    description: string,
    extra: { headers?: Record<string, string>; field?: string } = {},
  ) {
    super(description);
    this.status = status;
    this.error = error;
    this.headers = extra.headers ?? {};
    this.field = extra.field;
  }
}

const BODY_LIMIT = 16 * 1024;

async function readBody(ctx: Context): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new HttpError(413, 'invalid_request', 'The request is too large.');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON object of the request body (at most 16 KiB). */
export async function readJson(ctx: Context): Promise<Record<string, unknown>> {
  if (!ctx.is('application/json')) {
    throw new HttpError(
      415,
      'invalid_request',
      'Send the request body as JSON (Content-Type: application/json).',
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readBody(ctx));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'invalid_request', 'The request body is not valid JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HttpError(400, 'invalid_request', 'The request body must be a JSON object.');
  }
  return parsed as Record<string, unknown>;
}

/** The fields of an application/x-www-form-urlencoded body (HTML forms). */
export async function readForm(ctx: Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw new HttpError(
      415,
      'invalid_request',
      'Send the form as application/x-www-form-urlencoded.',
    );
  }
  return new URLSearchParams(await readBody(ctx));
}

/** The shop's one error shape, the API's: `{ statusCode, message, error, field? }` (not the OAuth routes'). */
export function errorBody(statusCode: number, message: string, field?: string) {
  return {
    statusCode,
    message,
    error: STATUS_CODES[statusCode] ?? 'Error',
    ...(field ? { field } : {}),
  };
}

export function sendError(ctx: Context, error: HttpError) {
  ctx.status = error.status;
  ctx.set(error.headers);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = errorBody(error.status, error.message, error.field);
}

/** CORS for the JSON endpoints: only the shop's own origins; answers preflights itself. */
export function applyCors(
  ctx: Context,
  allowedOrigins: ReadonlySet<string>,
  methods: string,
): boolean {
  const origin = ctx.get('Origin');
  ctx.vary('Origin');
  if (origin && allowedOrigins.has(origin)) {
    ctx.set('Access-Control-Allow-Origin', origin);
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', methods);
      ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      ctx.set('Access-Control-Max-Age', '600');
    }
  }
  if (ctx.method === 'OPTIONS') {
    ctx.status = 204;
    return true;
  }
  return false;
}

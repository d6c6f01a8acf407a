import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** One request's place in a distributed trace (W3C Trace Context). */
export interface TraceContext {
  /** 32 hex digits, shared by every hop of the trace: from the caller's `traceparent`, else new. */
  traceId: string;
  /** 16 hex digits: this request's own span. */
  spanId: string;
  /** The caller's span, when it sent a valid `traceparent`. */
  parentId?: string;
  /** Trace flags (sampled = 01), passed on as received. */
  flags: string;
}

// version-traceid-parentid-flags; later versions may append fields after a dash.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-[^\s]*)?$/;
const ZEROS = /^0+$/;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** Reads a `traceparent` header; an absent or invalid one starts a new trace. */
export function parseTraceparent(header: string | string[] | undefined): TraceContext {
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null;
  if (match) {
    const [, version, traceId, parentId, flags, rest] = match as unknown as string[];
    const valid =
      version !== 'ff' &&
      !(version === '00' && rest) &&
      !ZEROS.test(traceId!) &&
      !ZEROS.test(parentId!);
    if (valid) return { traceId: traceId!, parentId, spanId: hex(8), flags: flags! };
  }
  return { traceId: hex(16), spanId: hex(8), flags: '00' };
}

/** The `traceparent` of this request's span (sent back as `traceresponse`). */
export const formatTraceparent = (trace: TraceContext): string =>
  `00-${trace.traceId}-${trace.spanId}-${trace.flags}`;

const traces = new WeakMap<IncomingMessage, TraceContext>();

/** The trace context of a raw request, read once from its headers. */
export function traceOf(request: IncomingMessage): TraceContext {
  let trace = traces.get(request);
  if (!trace) {
    trace = parseTraceparent(request.headers.traceparent);
    traces.set(request, trace);
  }
  return trace;
}

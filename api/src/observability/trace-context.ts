import { parseTraceparent, type TraceContext } from '@toolshop/observability';
import type { IncomingMessage } from 'node:http';

export { formatTraceparent } from '@toolshop/observability';

const traces = new WeakMap<IncomingMessage, TraceContext>();

/** The W3C trace context of a raw request, read once from its `traceparent` (or a new trace). */
export function traceOf(request: IncomingMessage): TraceContext {
  let trace = traces.get(request);
  if (!trace) {
    trace = parseTraceparent(request.headers.traceparent);
    traces.set(request, trace);
  }
  return trace;
}

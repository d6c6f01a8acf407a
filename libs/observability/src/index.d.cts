import type { Counter, Histogram, Registry } from 'prom-client';

/** One request's place in a distributed trace (W3C Trace Context). */
export interface TraceContext {
  /** 32 hex digits shared by every hop: the caller's, or new. */
  traceId: string;
  /** 16 hex digits: this request's own span. */
  spanId: string;
  /** The caller's span, when it sent a valid `traceparent`. */
  parentId?: string;
  /** Trace flags (01 = sampled), passed on as received. */
  flags: string;
}

export declare function parseTraceparent(header: string | string[] | undefined): TraceContext;
export declare function formatTraceparent(trace: TraceContext): string;

/** The pool events of a MongoClient that ServiceMetrics follows. */
export interface PoolEvents {
  on(event: string, listener: (event: { reason?: unknown }) => void): unknown;
}

export declare class ServiceMetrics {
  readonly registry: Registry;
  readonly requests: Histogram<'method' | 'route' | 'status_class'>;
  readonly poolFailures: Counter<'reason'>;
  watchPool(client: PoolEvents): void;
  observeRequest(method: string, route: string, status: number, seconds: number): string;
  readonly contentType: string;
  render(): Promise<string>;
}

export declare function bearerChecker(
  token: string,
): (authorization: string | undefined) => boolean;

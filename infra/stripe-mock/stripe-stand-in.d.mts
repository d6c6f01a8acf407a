export interface StripeStandInRequest {
  method: string;
  path: string;
  params: Record<string, any>;
  headers: Record<string, string | string[] | undefined>;
}

export interface StripeStandIn {
  host: string;
  port: number;
  url: string;
  intents: Map<string, any>;
  requests: StripeStandInRequest[];
  /** Where `payment_intent.succeeded` goes after a successful confirmation; unset: not delivered. */
  options: { webhook?: { url: string; secret: string } };
  deliveries(): Promise<Array<{ status: number; payload: string }>>;
  stop(): Promise<void>;
}

export function signWebhook(payload: string, secret: string, timestamp?: number): string;

export function startStripeStandIn(options?: {
  port?: number;
  webhook?: { url: string; secret: string };
}): Promise<StripeStandIn>;

import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { LeaseLocks, LockBusyError, mongoLockStore } from '../common/lease-locks';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { MailService } from './mail.service';
import { OutboxMessage } from './outbox-message.schema';

/** Messages claimed per round; a backlog is worked off over the next rounds. */
const BATCH = 20;
/** A claimed message's lease: longer than any SMTP conversation (MailService gives up after 15 s). */
const CLAIM_TTL_MS = 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/** When attempt number `attempts` (1, 2 ...) failed, the next is tried this much later: base × 2^(n-1), jittered ±20 %, capped. */
export function backoffMs(attempts: number, baseMs: number, random = Math.random): number {
  const plain = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/**
 * Sends what the Outbox queued: every OUTBOX_POLL_MS, and at once when a message is queued.
 *
 * Claiming is race-free across API processes on FerretDB, where only an insert against a unique
 * `_id` is atomic: a message is claimed by taking its lease (`outbox:<key>` in `locks`, LeaseLocks:
 * an insert), without waiting for it; the holder reads the message again, sends it and writes the
 * result, so only one process ever sends or updates a message at a time. A holder that crashes
 * leaves its lease, which expires after a minute. Delivery is at least once: a crash between
 * the SMTP server's acceptance and the write of "sent" sends that email again.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxWorker');
  private readonly claims: LeaseLocks;
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private again = false;
  private stopped = false;

  constructor(
    @InjectModel(OutboxMessage.name) private readonly messages: Model<OutboxMessage>,
    @InjectConnection() connection: Connection,
    private readonly mail: MailService,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.claims = new LeaseLocks(mongoLockStore(connection), { ttlMs: CLAIM_TTL_MS, maxWaitMs: 0 });
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.config.outbox.pollMs);
    this.timer.unref();
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Sends what is due soon, without waiting; a kick during a round starts another after it. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    void this.drain().catch((error: Error) => this.logger.error(error.message));
  }

  /** One round: every due message this process can claim; answers how many were sent. */
  drain(now?: Date): Promise<number> {
    this.running ??= this.round(now).finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
    return this.running;
  }

  private async round(at?: Date): Promise<number> {
    const now = at ?? new Date();
    const due = await this.messages
      .find({ status: 'pending', nextAttemptAt: { $lte: now } }, { _id: 1 })
      .sort({ nextAttemptAt: 1 })
      .limit(BATCH)
      .lean();
    let sent = 0;
    for (const { _id } of due) {
      if (this.stopped) break;
      try {
        if (await this.claims.run(`outbox:${_id}`, () => this.attempt(String(_id), now))) sent++;
      } catch (error) {
        // Another process holds it: it is theirs this round.
        if (!(error instanceof LockBusyError)) throw error;
      }
    }
    return sent;
  }

  /** Under the message's lease: sends it if it is still pending and due, then records the outcome. */
  private async attempt(id: string, now: Date): Promise<boolean> {
    const message = await this.messages.findById(id).lean();
    if (!message || message.status !== 'pending' || message.nextAttemptAt > now) return false;
    const attempts = message.attempts + 1;
    try {
      await this.mail.deliver(message);
    } catch (error) {
      const reason = (error as Error).message.slice(0, 500);
      const { maxAttempts, retryBaseMs } = this.config.outbox;
      const failed = attempts >= maxAttempts;
      await this.messages.updateOne(
        { _id: id },
        {
          $set: {
            attempts,
            lastError: reason,
            status: failed ? 'failed' : 'pending',
            nextAttemptAt: new Date(Date.now() + backoffMs(attempts, retryBaseMs)),
          },
        },
      );
      this.logger.warn(
        `mail ${id} to ${message.to}: attempt ${attempts} failed (${reason})${failed ? ', given up' : ''}`,
      );
      return false;
    }
    await this.messages.updateOne(
      { _id: id },
      { $set: { attempts, status: 'sent', sentAt: new Date() }, $unset: { lastError: 1 } },
    );
    return true;
  }
}

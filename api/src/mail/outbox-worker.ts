import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import type { Connection, Model } from 'mongoose';
import { ApiLocks, LockBusyError, mongoLockStore } from '../common/lease-locks';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { MailService } from './mail.service';
import { OutboxMessage } from './outbox-message.schema';

/** Messages sent per round; a backlog is worked off in rounds one after the other. */
const BATCH = 20;
/** The sending lease (one process sends at a time), the key and how long it holds. */
const SENDING_KEY = 'outbox';
const CLAIM_TTL_MS = 120_000;
/**
 * A round starts a message only while this much of its lease is left: longer than any SMTP
 * conversation (MailService gives up after 15 s).
 */
const SEND_WINDOW_MS = 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

/** When attempt number `attempts` (1, 2 ...) failed, the next is tried this much later: base × 2^(n-1), jittered ±20 %, capped. */
export function backoffMs(attempts: number, baseMs: number, random = Math.random): number {
  const plain = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/**
 * Sends what the Outbox queued: every OUTBOX_POLL_MS, and at once when a message is queued.
 *
 * Race-free across API processes on FerretDB, where only an insert against a unique `_id` is
 * atomic: a round takes the outbox's sending lease (`outbox` in `locks`, ApiLocks: an insert),
 * without waiting for it, then reads what is due, sends it and writes each result, so only one
 * process ever sends or updates messages at a time (one lease per round, not one per message:
 * two writes fewer per email). A process that finds the lease taken leaves that round to its
 * holder; one that crashes leaves the lease, which expires after two minutes. Delivery is at
 * least once: a crash between the SMTP server's acceptance and the write of "sent" sends that
 * email again.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxWorker');
  private readonly claims: ApiLocks;
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
    this.claims = new ApiLocks(mongoLockStore(connection), { ttlMs: CLAIM_TTL_MS, maxWaitMs: 0 });
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
    void this.start().catch((error: Error) => this.logger.error(error.message));
  }

  /**
   * A round of this call's own, reading at `now` (default: when it starts), after any running one,
   * which may have read before what the caller just queued, or at another `now`: every due message
   * this process can claim; answers how many were sent.
   */
  async drain(now?: Date): Promise<number> {
    while (this.running) await this.running.catch(() => undefined);
    return this.start(now);
  }

  private start(now?: Date): Promise<number> {
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
    // Taken after this: at least SEND_WINDOW_MS of the lease is left until then.
    const lastStart = Date.now() + CLAIM_TTL_MS - SEND_WINDOW_MS;
    try {
      return await this.claims.run(SENDING_KEY, () => this.sendDue(now, lastStart));
    } catch (error) {
      // Another process is sending: what is due is theirs this round.
      if (!(error instanceof LockBusyError)) throw error;
      return 0;
    }
  }

  /** Under the sending lease: what is due at `now`, oldest first, each sent and its outcome written. */
  private async sendDue(now: Date, lastStart: number): Promise<number> {
    const due = await this.messages
      .find({ status: 'pending', nextAttemptAt: { $lte: now } })
      .sort({ nextAttemptAt: 1 })
      .limit(BATCH)
      .lean();
    let sent = 0;
    for (const message of due) {
      if (this.stopped || Date.now() > lastStart) break;
      if (await this.attempt(message)) sent++;
    }
    // A full batch: more may be due, so the next round follows at once rather than at the next poll.
    if (due.length === BATCH) this.again = true;
    return sent;
  }

  /** Sends one message and writes the outcome: sent, or the failed attempt and when to retry. */
  private async attempt(message: OutboxMessage & { _id: string }): Promise<boolean> {
    const id = message._id;
    const attempts = message.attempts + 1;
    // Read under the sending lease, so the later message is not sent before this is dropped.
    if (message.supersededBy && (await this.messages.exists({ _id: message.supersededBy }))) {
      await this.messages.updateOne({ _id: id }, { $set: { status: 'superseded' } });
      return false;
    }
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

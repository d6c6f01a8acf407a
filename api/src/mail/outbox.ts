import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { MailService, type Mail } from './mail.service';
import { OutboxMessage } from './outbox-message.schema';
import { OutboxWorker } from './outbox-worker';

export interface EnqueueOptions {
  holdMs?: number;
  supersededBy?: string;
}

/**
 * Where the shop's emails are queued: one insert into the `outbox` collection, made in the request
 * that causes the email. It never fails that request (a database error is logged) and never waits
 * for SMTP: the OutboxWorker sends, and retries with backoff. Without SMTP_URL it only logs.
 */
@Injectable()
export class Outbox {
  private readonly logger = new Logger('Outbox');

  constructor(
    @InjectModel(OutboxMessage.name) private readonly messages: Model<OutboxMessage>,
    private readonly worker: OutboxWorker,
    private readonly mail: MailService,
  ) {}

  /**
   * Queues `mail` under `key` (one email per key, ever: a repeat is ignored). Answers whether
   * it was queued now. `holdMs`: sent that much later; `supersededBy`: not sent at all when the
   * message of that key is queued before this one goes out (it says all this one said).
   */
  async enqueue(
    key: string,
    mail: Mail,
    now = new Date(),
    options: EnqueueOptions = {},
  ): Promise<boolean> {
    const { holdMs = 0, supersededBy } = options;
    if (!this.mail.sends) {
      // No SMTP_URL (outside production only): nothing would ever send it, so it is not stored.
      this.logger.log(`mail ${key} to ${mail.to} (no SMTP_URL, not sent): ${mail.subject}`);
      return true;
    }
    try {
      await this.messages.collection.insertOne({
        _id: key,
        ...mail,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: new Date(now.getTime() + holdMs),
        ...(supersededBy && { supersededBy }),
        createdAt: now,
      } as never);
    } catch (error) {
      if ((error as { code?: number }).code !== 11000)
        this.logger.error(`could not queue ${key} for ${mail.to}: ${(error as Error).message}`);
      return false;
    }
    this.worker.kick();
    return true;
  }

  /** Which of these keys are queued already (sent or not). */
  async existing(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const found = await this.messages.find({ _id: { $in: keys } }, { _id: 1 }).lean();
    return new Set(found.map((message) => String(message._id)));
  }
}

import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import { countOf, type Page } from '../common/pagination';
import { AuditEntry } from './audit-entry.schema';

export type NewAuditEntry = Omit<AuditEntry, 'at' | 'requestKey'>;

@Injectable()
export class AuditService {
  constructor(@InjectModel(AuditEntry.name) private readonly entries: Model<AuditEntry>) {}

  /**
   * Writes the entry; with a requestKey (a retryable call's Idempotency-Key) only once: a retry is
   * answered from the first call's answer, so it is no second action.
   */
  async record(entry: NewAuditEntry, requestKey?: string): Promise<void> {
    if (!requestKey) {
      await this.entries.create(entry);
      return;
    }
    // The id is made here, like create()'s, not by the database: the log is read in id order, and
    // ids from one process grow in the order it wrote them.
    await this.entries.updateOne(
      { requestKey },
      { $setOnInsert: { _id: new Types.ObjectId(), ...entry, requestKey, at: new Date() } },
      { upsert: true },
    );
  }

  async list(page: Page) {
    const [entries, total] = await Promise.all([
      this.entries.find().sort({ _id: -1 }).skip(page.skip).limit(page.limit).lean(),
      countOf(this.entries),
    ]);
    return { entries, total };
  }
}

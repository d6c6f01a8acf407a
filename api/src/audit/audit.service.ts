import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { Page } from '../common/pagination';
import { AuditEntry } from './audit-entry.schema';

export type NewAuditEntry = Omit<AuditEntry, 'at'>;

@Injectable()
export class AuditService {
  constructor(@InjectModel(AuditEntry.name) private readonly entries: Model<AuditEntry>) {}

  async record(entry: NewAuditEntry): Promise<void> {
    await this.entries.create(entry);
  }

  async list(page: Page) {
    const [entries, total] = await Promise.all([
      this.entries.find().sort({ at: -1, _id: -1 }).skip(page.skip).limit(page.limit).lean(),
      this.entries.countDocuments(),
    ]);
    return { entries, total };
  }
}

import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { AUDIT_ACTIONS, type AuditAction } from '@toolshop/contracts';
import { type HydratedDocument, Schema as MongooseSchema } from 'mongoose';

/** One admin action: who, when, what. Written once, never changed. */
@Schema({ collection: 'audit', versionKey: false })
export class AuditEntry {
  /** The admin's email, from the access token. */
  @Prop({ required: true }) actor: string;
  @Prop({ type: String, required: true, enum: AUDIT_ACTIONS }) action: AuditAction;
  @Prop({ required: true }) targetId: string;
  @Prop() targetName?: string;
  @Prop({ type: MongooseSchema.Types.Mixed }) details?: Record<string, unknown>;
  /** The fields the action changed, as they were (absent for what it created). */
  @Prop({ type: MongooseSchema.Types.Mixed }) before?: Record<string, unknown>;
  /** The same fields as the action left them (absent for what it removed). */
  @Prop({ type: MongooseSchema.Types.Mixed }) after?: Record<string, unknown>;
  @Prop({ required: true, default: () => new Date() }) at: Date;
  /** Of a call sent with an Idempotency-Key: its retries (replayed answers) add no second entry. */
  @Prop() requestKey?: string;
}

export type AuditEntryDocument = HydratedDocument<AuditEntry>;
export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntry);
// The audit page is newest first: the primary key's order (ids start with their second).
AuditEntrySchema.index({ requestKey: 1 });

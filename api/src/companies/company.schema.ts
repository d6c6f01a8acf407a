import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { ApprovalRule, CompanyRole } from '@toolshop/contracts';
import { Types } from 'mongoose';

/** A company buying as one: workshops and contractors with several people ordering. */
@Schema({ collection: 'companies', versionKey: false, timestamps: true })
export class CompanyRecord {
  @Prop({ required: true }) name: string;
  @Prop() taxId?: string;
  @Prop() billingAddress?: string;
  @Prop() deliveryAddress?: string;
  /** Who created it (its first owner). */
  @Prop({ required: true }) createdBy: string;
  /** IANA zone whose 1st of the month resets the monthly limits; absent: UTC. */
  @Prop() timeZone?: string;
  /** Which buyers' orders wait for approval; absent: overLimit. */
  @Prop({ type: String }) approvalFor?: ApprovalRule;
  @Prop() purchaseOrderRequired?: boolean;
  /** Net terms granted by an admin: orders go on account (due netDays after placing), up to creditLimit dollars at once. */
  @Prop({ type: { _id: false, netDays: Number, creditLimit: Number }, default: undefined })
  terms?: { netDays: 30 | 60; creditLimit: number };
  createdAt: Date;
  updatedAt: Date;
}
export const CompanySchema = SchemaFactory.createForClass(CompanyRecord);

/**
 * One person's membership. A document per member (not an array in the company) so that the
 * database itself keeps a user in at most one company: the unique index on `email`.
 */
@Schema({ collection: 'company_members', versionKey: false })
export class CompanyMemberRecord {
  @Prop({ required: true }) email: string;
  @Prop({ type: Types.ObjectId, required: true }) companyId: Types.ObjectId;
  @Prop({ type: String, required: true }) role: CompanyRole;
  /** Whole dollars a month; absent: no limit. */
  @Prop() monthlyLimit?: number;
  @Prop({ required: true }) joinedAt: Date;
}
export const CompanyMemberSchema = SchemaFactory.createForClass(CompanyMemberRecord);
CompanyMemberSchema.index({ email: 1 }, { unique: true });
CompanyMemberSchema.index({ companyId: 1, joinedAt: 1 });

/** An emailed, single-use invitation; only the sha256 of its token is kept. */
@Schema({ collection: 'company_invitations', versionKey: false })
export class CompanyInvitationRecord {
  @Prop({ required: true }) tokenHash: string;
  @Prop({ type: Types.ObjectId, required: true }) companyId: Types.ObjectId;
  @Prop({ required: true }) email: string;
  @Prop({ type: String, required: true }) role: CompanyRole;
  @Prop({ required: true }) invitedBy: string;
  @Prop({ required: true }) expiresAt: Date;
  @Prop({ required: true }) createdAt: Date;
  /** Set once, by the one accept that claims it. */
  @Prop() acceptedAt?: Date;
}
export const CompanyInvitationSchema = SchemaFactory.createForClass(CompanyInvitationRecord);
CompanyInvitationSchema.index({ tokenHash: 1 }, { unique: true });
CompanyInvitationSchema.index({ companyId: 1, createdAt: -1 });

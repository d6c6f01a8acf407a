import { ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  CompanyMessages,
  DEFAULT_COMPANY_TIME_ZONE,
  INVITATION_VALID_DAYS,
  optionalText,
  type AcceptedInvitation,
  type Company,
  type CompanyRole,
  type DeletedAnswer,
  type InsertedAnswer,
  type ModifiedAnswer,
} from '@toolshop/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { Types, type Model } from 'mongoose';
import { deleted, inserted, modified } from '../common/answers.dto';
import { conflict, invalid, notFound } from '../common/domain-error';
import { DatabaseLocks } from '../common/lease-locks';
import { API_CONFIG, type ApiConfig } from '../config/config';
import { Outbox } from '../mail/outbox';
import type {
  CompanyInputDto,
  CompanySettingsDto,
  InvitationInputDto,
  PaymentTermsDto,
  MemberChangeDto,
} from './company.dto';
import { CompanyInvitationRecord, CompanyMemberRecord, CompanyRecord } from './company.schema';
import { invitationEmail } from './invitation-email';

const DAY_MS = 24 * 60 * 60 * 1000;
/** 32 random bytes, base64url: what an invitation link carries. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A unique index answered E11000, or (FerretDB v2: the index is a PostgreSQL exclusion
 * constraint) a deadlock between two inserts of one key: then one of them went through.
 */
const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;
const isDeadlock = (error: unknown) => {
  const { code, message } = error as { code?: number; message?: string };
  return code === 16908292 || /deadlock detected/i.test(message ?? '');
};
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20 * 2 ** attempt));

type Member = Pick<CompanyMemberRecord, 'email' | 'role' | 'monthlyLimit'> & {
  companyId: Types.ObjectId;
};

/**
 * Companies, their members and invitations. Membership is one document per user with a unique
 * email, so "one company per user" holds across racing requests and API processes. Changes of
 * one company's members run one at a time (a lease per company), so it never loses its last owner.
 * Another company answers exactly as a missing one (404).
 */
@Injectable()
export class CompaniesService {
  private readonly logger = new Logger('Companies');

  constructor(
    @InjectModel(CompanyRecord.name) private readonly companies: Model<CompanyRecord>,
    @InjectModel(CompanyMemberRecord.name) private readonly members: Model<CompanyMemberRecord>,
    @InjectModel(CompanyInvitationRecord.name)
    private readonly invitations: Model<CompanyInvitationRecord>,
    private readonly locks: DatabaseLocks,
    private readonly outbox: Outbox,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async create(email: string, input: CompanyInputDto): Promise<InsertedAnswer> {
    const companyId = new Types.ObjectId();
    // The membership first: its unique email is what refuses a second company.
    await this.join(email, companyId, 'owner');
    try {
      await this.companies.create({
        _id: companyId,
        name: input.name.trim(),
        taxId: optionalText(input.taxId),
        billingAddress: optionalText(input.billingAddress),
        deliveryAddress: optionalText(input.deliveryAddress),
        createdBy: email,
      });
    } catch (error) {
      await this.members.deleteOne({ email, companyId });
      throw error;
    }
    return inserted(companyId);
  }

  /** The caller's company, or undefined when they belong to none. */
  async mine(email: string): Promise<Company | undefined> {
    const member = await this.members.findOne({ email }).lean();
    const company = member && (await this.companies.findById(member.companyId).lean());
    if (!member || !company) return undefined;
    return this.view(company._id, company, member.role, member.role === 'owner');
  }

  /** An admin's view of any company. */
  async read(id: string): Promise<Company> {
    const company = await this.companies.findById(id).lean();
    if (!company) throw notFound(CompanyMessages.companyNotFound);
    return this.view(company._id, company, undefined, true);
  }

  /** PATCH /companies/{id}: the owner's settings (time zone, approval rule, PO numbers). */
  async updateSettings(
    email: string,
    id: string,
    settings: CompanySettingsDto,
  ): Promise<ModifiedAnswer> {
    const set = Object.fromEntries(
      (['timeZone', 'approvalFor', 'purchaseOrderRequired'] as const)
        .filter((field) => settings[field] !== undefined)
        .map((field) => [field, settings[field]]),
    );
    if (Object.keys(set).length === 0) throw invalid(CompanyMessages.nothingToSet);
    const company = await this.ownCompany(email, id);
    const result = await this.companies.updateOne({ _id: company._id }, { $set: set });
    return modified(result.matchedCount, result.modifiedCount);
  }

  /** PUT /admin/companies/{id}/terms: an admin grants net terms and a credit limit. */
  async setTerms(id: string, terms: PaymentTermsDto): Promise<ModifiedAnswer> {
    const result = await this.companies.updateOne(
      { _id: id },
      { $set: { terms: { netDays: terms.netDays, creditLimit: terms.creditLimit } } },
    );
    if (result.matchedCount === 0) throw notFound(CompanyMessages.companyNotFound);
    return modified(result.matchedCount, result.modifiedCount);
  }

  async invite(email: string, id: string, input: InvitationInputDto): Promise<InsertedAnswer> {
    const company = await this.ownCompany(email, id);
    if (await this.members.exists({ email: input.email, companyId: company._id }))
      throw conflict(CompanyMessages.inviteeIsMember);
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * DAY_MS);
    // A new invitation of the same person replaces the pending one: its link stops working. One
    // invite of a company at a time, so two racing invitations leave exactly one pending.
    const invitation = await this.ofCompany(id, async () => {
      await this.invitations.deleteMany({
        companyId: company._id,
        email: input.email,
        acceptedAt: null,
      });
      return this.invitations.create({
        tokenHash: hashToken(token),
        companyId: company._id,
        email: input.email,
        role: input.role,
        invitedBy: email,
        expiresAt,
        createdAt: now,
      });
    });
    const shopUrl = this.config.shopUrl;
    const mail = invitationEmail({
      to: input.email,
      companyName: company.name,
      role: input.role,
      invitedBy: email,
      joinUrl: `${shopUrl}/dashboard/company/join?token=${token}`,
      expiresAt,
      shopUrl,
    });
    try {
      await this.outbox.enqueue(`company-invitation:${String(invitation._id)}`, mail, now);
    } catch (error) {
      this.logger.error(`invitation email not queued: ${(error as Error).message}`);
    }
    return inserted(invitation._id);
  }

  /** DELETE /companies/{id}/invitations/{email}: the pending invitation's link stops working. */
  async withdrawInvitation(email: string, id: string, invitee: string): Promise<DeletedAnswer> {
    const company = await this.ownCompany(email, id);
    const result = await this.invitations.deleteMany({
      companyId: company._id,
      email: invitee,
      acceptedAt: null,
    });
    if (result.deletedCount === 0) throw notFound(CompanyMessages.invitationNotFound);
    return deleted(result.deletedCount);
  }

  async accept(email: string, token: string): Promise<AcceptedInvitation> {
    if (!TOKEN_PATTERN.test(token)) throw notFound(CompanyMessages.invitationNotFound);
    const invitation = await this.invitations.findOne({ tokenHash: hashToken(token) }).lean();
    if (!invitation || invitation.email !== email)
      throw notFound(CompanyMessages.invitationNotFound);
    if (invitation.acceptedAt) throw conflict(CompanyMessages.invitationUsed);
    const now = new Date();
    if (invitation.expiresAt <= now) throw conflict(CompanyMessages.invitationExpired);
    const company = await this.companies.findById(invitation.companyId, { name: 1 }).lean();
    if (!company) throw notFound(CompanyMessages.invitationNotFound);
    // Claimed by one conditional update: of two accepts at once, one gets it.
    const claim = await this.invitations.updateOne(
      { _id: invitation._id, acceptedAt: null, expiresAt: { $gt: now } },
      { $set: { acceptedAt: now } },
    );
    if (claim.modifiedCount !== 1) throw conflict(CompanyMessages.invitationUsed);
    try {
      await this.join(email, invitation.companyId, invitation.role);
    } catch (error) {
      // Not joined (already in a company): the invitation stays usable.
      await this.invitations.updateOne(
        { _id: invitation._id, acceptedAt: now },
        { $unset: { acceptedAt: 1 } },
      );
      throw error;
    }
    return {
      companyId: String(invitation.companyId),
      companyName: company.name,
      role: invitation.role,
    };
  }

  async changeMember(
    email: string,
    id: string,
    memberEmail: string,
    change: MemberChangeDto,
  ): Promise<ModifiedAnswer> {
    if (change.role === undefined && change.monthlyLimit === undefined)
      throw invalid(CompanyMessages.nothingToChange);
    return this.ofCompany(id, async () => {
      const company = await this.ownCompany(email, id);
      const member = await this.memberOf(company._id, memberEmail);
      if (member.role === 'owner' && change.role !== undefined && change.role !== 'owner')
        await this.refuseLastOwner(company._id);
      const set: Partial<Record<'role' | 'monthlyLimit', unknown>> = {};
      if (change.role !== undefined) set.role = change.role;
      if (typeof change.monthlyLimit === 'number') set.monthlyLimit = change.monthlyLimit;
      const result = await this.members.updateOne(
        { email: memberEmail, companyId: company._id },
        { $set: set, ...(change.monthlyLimit === null && { $unset: { monthlyLimit: 1 } }) },
      );
      return modified(result.matchedCount, result.modifiedCount);
    });
  }

  async removeMember(email: string, id: string, memberEmail: string): Promise<DeletedAnswer> {
    return this.ofCompany(id, async () => {
      const company = await this.ownCompany(email, id);
      const member = await this.memberOf(company._id, memberEmail);
      if (member.role === 'owner') await this.refuseLastOwner(company._id);
      const result = await this.members.deleteOne({ email: memberEmail, companyId: company._id });
      return deleted(result.deletedCount);
    });
  }

  /** Inserts the membership; a user already in a company (this one or another) is a 409. */
  private async join(email: string, companyId: Types.ObjectId, role: CompanyRole): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.members.create({ email, companyId, role, joinedAt: new Date() });
        return;
      } catch (error) {
        if (isDuplicate(error)) throw conflict(CompanyMessages.alreadyMember);
        // A deadlock means a racing insert of this email won or will: the retry tells which.
        if (!isDeadlock(error) || attempt >= 5) throw error;
        await pause(attempt);
      }
    }
  }

  /** The company `id` when the caller owns it: another company's id answers as a missing one. */
  private async ownCompany(email: string, id: string) {
    const member = await this.members.findOne({ email }).lean();
    if (!member || String(member.companyId) !== id) throw notFound(CompanyMessages.companyNotFound);
    const company = await this.companies.findById(id).lean();
    if (!company) throw notFound(CompanyMessages.companyNotFound);
    if (member.role !== 'owner') throw new ForbiddenException(CompanyMessages.ownersOnly);
    return company;
  }

  private async memberOf(companyId: Types.ObjectId, email: string): Promise<Member> {
    const member = await this.members.findOne({ email, companyId }).lean();
    if (!member) throw notFound(CompanyMessages.memberNotFound);
    return member;
  }

  private async refuseLastOwner(companyId: Types.ObjectId): Promise<void> {
    if ((await this.members.countDocuments({ companyId, role: 'owner' })) <= 1)
      throw conflict(CompanyMessages.lastOwner);
  }

  private ofCompany<T>(id: string, write: () => Promise<T>): Promise<T> {
    return this.locks.run(`company:${id}`, write);
  }

  private async view(
    companyId: Types.ObjectId,
    company: Pick<
      CompanyRecord,
      | 'name'
      | 'taxId'
      | 'billingAddress'
      | 'deliveryAddress'
      | 'timeZone'
      | 'approvalFor'
      | 'purchaseOrderRequired'
      | 'terms'
    >,
    role: CompanyRole | undefined,
    withInvitations: boolean,
  ): Promise<Company> {
    const members = await this.members
      .find({ companyId }, { _id: 0, email: 1, role: 1, monthlyLimit: 1, joinedAt: 1 })
      .sort({ joinedAt: 1, email: 1 })
      .lean();
    const pending = withInvitations
      ? await this.invitations
          .find(
            { companyId, acceptedAt: null, expiresAt: { $gt: new Date() } },
            { email: 1, role: 1, expiresAt: 1 },
          )
          .sort({ createdAt: -1 })
          .lean()
      : undefined;
    return {
      _id: String(companyId),
      name: company.name,
      ...(company.taxId && { taxId: company.taxId }),
      ...(company.billingAddress && { billingAddress: company.billingAddress }),
      ...(company.deliveryAddress && { deliveryAddress: company.deliveryAddress }),
      ...(role && { role }),
      timeZone: company.timeZone ?? DEFAULT_COMPANY_TIME_ZONE,
      approvalFor: company.approvalFor ?? 'overLimit',
      purchaseOrderRequired: company.purchaseOrderRequired ?? false,
      ...(company.terms && {
        terms: { netDays: company.terms.netDays, creditLimit: company.terms.creditLimit },
      }),
      members: members.map((member) => ({
        email: member.email,
        role: member.role,
        ...(typeof member.monthlyLimit === 'number' && { monthlyLimit: member.monthlyLimit }),
        joinedAt: member.joinedAt.toISOString(),
      })),
      ...(pending && {
        invitations: pending.map((invitation) => ({
          _id: String(invitation._id),
          email: invitation.email,
          role: invitation.role,
          expiresAt: invitation.expiresAt.toISOString(),
        })),
      }),
    };
  }
}

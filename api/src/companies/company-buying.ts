import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  DEFAULT_COMPANY_TIME_ZONE,
  type ApprovalRule,
  type CompanyRole,
} from '@toolshop/contracts';
import type { Model, Types } from 'mongoose';
import { CompanyMemberRecord, CompanyRecord } from './company.schema';

/** What an order of a company member follows: their role and limit, the company's settings. */
export interface BuyerTerms {
  companyId: Types.ObjectId;
  role: CompanyRole;
  /** Whole dollars a month; absent: no limit. */
  monthlyLimit?: number;
  timeZone: string;
  approvalFor: ApprovalRule;
  purchaseOrderRequired: boolean;
  /** Net terms: orders go on account instead of being paid by card. */
  account?: { netDays: number; creditLimit: number };
}

/** What orders read of companies (placing and approving orders); orders depend on this, never back. */
@Injectable()
export class CompanyBuying {
  constructor(
    @InjectModel(CompanyRecord.name) private readonly companies: Model<CompanyRecord>,
    @InjectModel(CompanyMemberRecord.name) private readonly members: Model<CompanyMemberRecord>,
  ) {}

  /** The terms of `email`'s orders, or null for someone in no company. */
  async buyerTerms(email: string): Promise<BuyerTerms | null> {
    const member = await this.members.findOne({ email }).lean();
    if (!member) return null;
    const company = await this.companies.findById(member.companyId).lean();
    if (!company) return null;
    return {
      companyId: member.companyId,
      role: member.role,
      ...(typeof member.monthlyLimit === 'number' && { monthlyLimit: member.monthlyLimit }),
      timeZone: company.timeZone ?? DEFAULT_COMPANY_TIME_ZONE,
      approvalFor: company.approvalFor ?? 'overLimit',
      purchaseOrderRequired: company.purchaseOrderRequired ?? false,
      ...(company.terms && { account: company.terms }),
    };
  }

  /** The net terms of a company, if an admin granted some. */
  async accountOf(companyId: Types.ObjectId): Promise<BuyerTerms['account']> {
    const company = await this.companies.findById(companyId, { terms: 1 }).lean();
    return company?.terms ?? undefined;
  }

  /** `email`'s membership (company and role), or null. */
  async membershipOf(
    email: string,
  ): Promise<{ companyId: Types.ObjectId; role: CompanyRole } | null> {
    const member = await this.members.findOne({ email }, { companyId: 1, role: 1 }).lean();
    return member ? { companyId: member.companyId, role: member.role } : null;
  }
}

/** Owners and approvers approve orders of their company's buyers. */
export const approves = (role: CompanyRole) => role === 'owner' || role === 'approver';

import { COMPANY_MAX_LENGTH, taxIdError } from './invoice';
import type { NetTermsDays } from './order-lifecycle';
import { validateEmail } from './validation';
import type { FieldErrors } from './validation';

/**
 * Company accounts: workshops and contractors buying as one company. A user belongs to at most
 * one company; its owners invite the others by email and set their roles.
 */
export const COMPANY_ROLES = ['owner', 'approver', 'buyer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  owner: 'Owner',
  approver: 'Approver',
  buyer: 'Buyer',
};
export const COMPANY_NAME_MAX_LENGTH = COMPANY_MAX_LENGTH;
export const COMPANY_ADDRESS_MAX_LENGTH = 300;
/** An invitation link works this long after it was sent. */
export const INVITATION_VALID_DAYS = 7;
/** Whole dollars; far above any workshop's month, low enough to stay an exact integer. */
export const MONTHLY_LIMIT_MAX = 10_000_000;

export const CompanyMessages = {
  nameRequired: 'Give the company a name',
  nameTooLong: `A company name has at most ${COMPANY_NAME_MAX_LENGTH} characters`,
  nameControlCharacters:
    'A company name cannot contain line breaks, control or invisible characters',
  addressTooLong: `An address has at most ${COMPANY_ADDRESS_MAX_LENGTH} characters`,
  addressControlCharacters: 'An address cannot contain control or invisible characters',
  notText: 'Must be text',
  roleInvalid: 'Choose a role: owner, approver or buyer',
  monthlyLimitInvalid: `A monthly limit is a whole number of dollars from 0 to ${MONTHLY_LIMIT_MAX}`,
  nothingToChange: 'Give a role or a monthly limit to change',
  notMember: 'You do not belong to a company',
  alreadyMember: 'You already belong to a company',
  companyNotFound: 'No such company',
  ownersOnly: 'Only the company’s owners can do this',
  memberNotFound: 'No such member in this company',
  lastOwner: 'A company needs at least one owner: make someone else owner first',
  inviteeIsMember: 'This person is already a member of your company',
  invitationNotFound: 'This invitation does not exist or is not addressed to you',
  invitationExpired: 'This invitation has expired',
  invitationUsed: 'This invitation has already been used',
  created: 'Company created',
  invited: (email: string) => `Invitation sent to ${email}`,
  joined: (company: string) => `You joined ${company}`,
  memberUpdated: 'Member updated',
  memberRemoved: 'Member removed',
  timeZoneInvalid: 'Choose a time zone by its IANA name, e.g. Europe/London',
  approvalForInvalid: 'Approval is needed for overLimit or allBuyers',
  purchaseOrderRequiredInvalid: 'purchaseOrderRequired must be true or false',
  nothingToSet: 'Give a time zone, an approval rule or the PO number requirement to change',
  settingsSaved: 'Company settings saved',
  purchaseOrderRequired: 'Purchase order number is required',
  invitationWithdrawn: 'Invitation withdrawn',
} as const;

/**
 * Which company orders wait for an owner's or approver's approval: those above the buyer's
 * remaining monthly limit, or every order of a buyer. Owners' and approvers' own orders never wait.
 */
export const APPROVAL_RULES = ['overLimit', 'allBuyers'] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];
export const DEFAULT_COMPANY_TIME_ZONE = 'UTC';

/** PATCH /companies/{id}: what an owner may set; absent keeps the current value. */
export interface CompanySettings {
  /** IANA name; the monthly limits reset on the 1st at midnight there. */
  timeZone?: string;
  approvalFor?: ApprovalRule;
  /** Members must give a PO number with each order. */
  purchaseOrderRequired?: boolean;
}

export function timeZoneError(zone: unknown): string | undefined {
  if (zone === undefined) return undefined;
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64)
    return CompanyMessages.timeZoneInvalid;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return undefined;
  } catch {
    return CompanyMessages.timeZoneInvalid;
  }
}

export const approvalRuleError = (rule: unknown): string | undefined =>
  rule === undefined || (APPROVAL_RULES as readonly unknown[]).includes(rule)
    ? undefined
    : CompanyMessages.approvalForInvalid;

/** The zone's offset from UTC at `at`, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant the month of `now` began in `timeZone` (midnight on the 1st there): where a buyer's
 * monthly limit starts again.
 */
export function monthStartIn(timeZone: string, now: Date): Date {
  const local = new Date(now.getTime() + zoneOffsetMs(timeZone, now));
  const wallStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  // The offset at the start of the month may differ from today's (daylight saving time).
  let start = wallStart - zoneOffsetMs(timeZone, new Date(wallStart));
  start = wallStart - zoneOffsetMs(timeZone, new Date(start));
  return new Date(start);
}

export interface CompanyInput {
  name: string;
  taxId?: string;
  billingAddress?: string;
  deliveryAddress?: string;
}

export interface CompanyMember {
  email: string;
  role: CompanyRole;
  /** Whole dollars a month; none: no limit. */
  monthlyLimit?: number;
  joinedAt: string;
}

export interface CompanyInvitation {
  _id: string;
  email: string;
  role: CompanyRole;
  expiresAt: string;
}

/** GET /companies/mine (and an admin's GET /companies/{id}). */
export interface Company {
  _id: string;
  name: string;
  taxId?: string;
  billingAddress?: string;
  deliveryAddress?: string;
  /** The caller's own role (absent for an admin reading someone else's company). */
  role?: CompanyRole;
  members: CompanyMember[];
  /** Pending invitations: shown to owners (and admins) only. */
  invitations?: CompanyInvitation[];
  /** IANA time zone of the monthly limits (default UTC). */
  timeZone: string;
  approvalFor: ApprovalRule;
  purchaseOrderRequired: boolean;
  /** Net terms granted by the shop: its orders go on account, due netDays after placing. */
  terms?: PaymentTerms;
}

/** PUT /admin/companies/{id}/terms. creditLimit: whole dollars on account at once. */
export interface PaymentTerms {
  netDays: NetTermsDays;
  creditLimit: number;
}

/** An order as an approver sees it in "Orders awaiting approval" (GET /companies/mine/approvals). */
export interface OrderAwaitingApproval {
  _id: string;
  number?: string;
  email: string;
  userName?: string;
  name: string;
  orderQuantity: number;
  totalPrice: number;
  purchaseOrder?: string;
  createdAt: string;
}

/** POST /orders/{id}/approval. */
export interface ApprovalInput {
  approve: boolean;
  /** Required when declining: 1 to ORDER_REASON_MAX_LENGTH characters. */
  reason?: string;
}

export interface InvitationInput {
  email: string;
  role: CompanyRole;
}

/** PATCH /companies/{id}/members/{email}: `monthlyLimit: null` removes the limit. */
export interface MemberChange {
  role?: CompanyRole;
  monthlyLimit?: number | null;
}

/** POST /invitations/{token}/accept. */
export interface AcceptedInvitation {
  companyId: string;
  companyName: string;
  role: CompanyRole;
}

/** Control, format (zero-width, bidi), private-use, unassigned and line/paragraph separators. */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;

export function companyNameError(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.trim() === '') return CompanyMessages.nameRequired;
  const trimmed = name.trim();
  if (INVISIBLE_OR_CONTROL.test(trimmed)) return CompanyMessages.nameControlCharacters;
  if (trimmed.length > COMPANY_NAME_MAX_LENGTH) return CompanyMessages.nameTooLong;
  return undefined;
}

/** Optional: absent or blank is none. */
export function companyTaxIdError(taxId: unknown): string | undefined {
  if (taxId === undefined || taxId === null || taxId === '') return undefined;
  return taxIdError(taxId);
}

/** Optional, several lines allowed. */
export function companyAddressError(address: unknown): string | undefined {
  if (address === undefined || address === null) return undefined;
  if (typeof address !== 'string') return CompanyMessages.notText;
  const trimmed = address.replace(/\r\n/g, '\n').trim();
  // An address may span lines.
  if (INVISIBLE_OR_CONTROL.test(trimmed.replace(/\n/g, '')))
    return CompanyMessages.addressControlCharacters;
  if (trimmed.length > COMPANY_ADDRESS_MAX_LENGTH) return CompanyMessages.addressTooLong;
  return undefined;
}

export const isCompanyRole = (role: unknown): role is CompanyRole =>
  typeof role === 'string' && (COMPANY_ROLES as readonly string[]).includes(role);

export const companyRoleError = (role: unknown): string | undefined =>
  isCompanyRole(role) ? undefined : CompanyMessages.roleInvalid;

/** Whole dollars, 0 up to MONTHLY_LIMIT_MAX; null (remove) and absent (keep) pass. */
export function monthlyLimitError(limit: unknown): string | undefined {
  if (limit === undefined || limit === null) return undefined;
  return typeof limit === 'number' &&
    Number.isInteger(limit) &&
    limit >= 0 &&
    limit <= MONTHLY_LIMIT_MAX
    ? undefined
    : CompanyMessages.monthlyLimitInvalid;
}

/** The stored form of an optional text: trimmed, blank is none. */
export function optionalText(value: string | undefined | null): string | undefined {
  const trimmed = value?.replace(/\r\n/g, '\n').trim();
  return trimmed ? trimmed : undefined;
}

export function validateCompany(
  input: Partial<Record<keyof CompanyInput, unknown>>,
): FieldErrors<keyof CompanyInput> {
  const errors: FieldErrors<keyof CompanyInput> = {};
  const name = companyNameError(input.name);
  if (name) errors.name = name;
  const taxId = companyTaxIdError(input.taxId);
  if (taxId) errors.taxId = taxId;
  for (const field of ['billingAddress', 'deliveryAddress'] as const) {
    const problem = companyAddressError(input[field]);
    if (problem) errors[field] = problem;
  }
  return errors;
}

export function validateInvitation(
  input: Partial<Record<keyof InvitationInput, unknown>>,
): FieldErrors<keyof InvitationInput> {
  const errors: FieldErrors<keyof InvitationInput> = {};
  const email = validateEmail(input.email);
  if (email) errors.email = email;
  const role = companyRoleError(input.role);
  if (role) errors.role = role;
  return errors;
}

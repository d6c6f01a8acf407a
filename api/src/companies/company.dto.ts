import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  APPROVAL_RULES,
  approvalRuleError,
  CompanyMessages,
  timeZoneError,
  type ApprovalRule,
  type CompanySettings,
  AccountMessages,
  NET_TERMS_DAYS,
  type NetTermsDays,
  type PaymentTerms,
  COMPANY_ADDRESS_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  COMPANY_ROLES,
  companyAddressError,
  companyNameError,
  companyRoleError,
  companyTaxIdError,
  EMAIL_MAX_LENGTH,
  monthlyLimitError,
  MONTHLY_LIMIT_MAX,
  validateEmail,
  type AcceptedInvitation,
  type Company,
  type CompanyInput,
  type CompanyInvitation,
  type CompanyMember,
  type CompanyRole,
  type InvitationInput,
  type MemberChange,
} from '@toolshop/contracts';
import { FollowsRule } from '../common/contract-rule';
import { NormalizeEmail } from '../common/email-query';

/** POST /companies. Optional fields: absent or blank is none. */
export class CompanyInputDto implements CompanyInput {
  @ApiProperty({ maxLength: COMPANY_NAME_MAX_LENGTH, example: 'Baker & Sons Joinery' })
  @FollowsRule('companyName', companyNameError)
  name: string;

  @ApiPropertyOptional({ example: 'GB123456789' })
  @FollowsRule('taxId', companyTaxIdError)
  taxId?: string;

  @ApiPropertyOptional({ maxLength: COMPANY_ADDRESS_MAX_LENGTH })
  @FollowsRule('billingAddress', companyAddressError)
  billingAddress?: string;

  @ApiPropertyOptional({ maxLength: COMPANY_ADDRESS_MAX_LENGTH })
  @FollowsRule('deliveryAddress', companyAddressError)
  deliveryAddress?: string;
}

/** POST /companies/{id}/invitations. */
export class InvitationInputDto implements InvitationInput {
  @ApiProperty({ maxLength: EMAIL_MAX_LENGTH, example: 'buyer@workshop.test' })
  @NormalizeEmail()
  @FollowsRule('email', validateEmail)
  email: string;

  @ApiProperty({ enum: COMPANY_ROLES })
  @FollowsRule('role', companyRoleError)
  role: CompanyRole;
}

/** PATCH /companies/{id}/members/{email}. */
export class MemberChangeDto implements MemberChange {
  @ApiPropertyOptional({ enum: COMPANY_ROLES })
  @FollowsRule('role', (role) => (role === undefined ? undefined : companyRoleError(role)))
  role?: CompanyRole;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 0,
    maximum: MONTHLY_LIMIT_MAX,
    description: 'Whole dollars a month; null removes the limit',
  })
  @FollowsRule('monthlyLimit', monthlyLimitError)
  monthlyLimit?: number | null;
}

/** PATCH /companies/{id}: the owner's settings; absent keeps the current value. */
export class CompanySettingsDto implements CompanySettings {
  @ApiPropertyOptional({ example: 'Europe/London', description: 'IANA time zone' })
  @FollowsRule('timeZone', timeZoneError)
  timeZone?: string;

  @ApiPropertyOptional({ enum: APPROVAL_RULES })
  @FollowsRule('approvalFor', approvalRuleError)
  approvalFor?: ApprovalRule;

  @ApiPropertyOptional({ type: Boolean })
  @FollowsRule('purchaseOrderRequired', (value) =>
    value === undefined || typeof value === 'boolean'
      ? undefined
      : CompanyMessages.purchaseOrderRequiredInvalid,
  )
  purchaseOrderRequired?: boolean;
}

/** PUT /admin/companies/{id}/terms. */
export class PaymentTermsDto implements PaymentTerms {
  @ApiProperty({ enum: NET_TERMS_DAYS, description: 'Days from placing to the due date' })
  @FollowsRule('netDays', (value) =>
    (NET_TERMS_DAYS as readonly unknown[]).includes(value)
      ? undefined
      : AccountMessages.netDaysInvalid,
  )
  netDays: NetTermsDays;

  @ApiProperty({
    minimum: 0,
    maximum: MONTHLY_LIMIT_MAX,
    description: 'Whole dollars on account at once',
  })
  @FollowsRule('creditLimit', (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MONTHLY_LIMIT_MAX
      ? undefined
      : AccountMessages.creditLimitInvalid,
  )
  creditLimit: number;
}

export class CompanyMemberResponse implements CompanyMember {
  @ApiProperty() email: string;
  @ApiProperty({ enum: COMPANY_ROLES }) role: CompanyRole;
  @ApiPropertyOptional() monthlyLimit?: number;
  @ApiProperty({ format: 'date-time' }) joinedAt: string;
}

export class CompanyInvitationResponse implements CompanyInvitation {
  @ApiProperty() _id: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: COMPANY_ROLES }) role: CompanyRole;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
}

export class CompanyResponse implements Company {
  @ApiProperty() _id: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional() taxId?: string;
  @ApiPropertyOptional() billingAddress?: string;
  @ApiPropertyOptional() deliveryAddress?: string;
  @ApiPropertyOptional({ enum: COMPANY_ROLES, description: 'The caller’s own role' })
  role?: CompanyRole;
  @ApiProperty({ type: [CompanyMemberResponse] }) members: CompanyMemberResponse[];
  @ApiPropertyOptional({
    type: [CompanyInvitationResponse],
    description: 'Pending invitations, for owners and admins only',
  })
  invitations?: CompanyInvitationResponse[];
  @ApiProperty({ description: 'IANA time zone of the monthly limits', example: 'UTC' })
  timeZone: string;
  @ApiProperty({ enum: APPROVAL_RULES }) approvalFor: ApprovalRule;
  @ApiProperty() purchaseOrderRequired: boolean;
  @ApiPropertyOptional({ type: PaymentTermsDto, description: 'Net terms granted by the shop' })
  terms?: PaymentTermsDto;
}

export class AcceptedInvitationResponse implements AcceptedInvitation {
  @ApiProperty() companyId: string;
  @ApiProperty() companyName: string;
  @ApiProperty({ enum: COMPANY_ROLES }) role: CompanyRole;
}

import { COMPANY_ROLE_LABELS, renderEmail, type CompanyRole } from '@toolshop/contracts';
import type { Mail } from '../mail/mail.service';

export interface InvitationFacts {
  to: string;
  companyName: string;
  role: CompanyRole;
  invitedBy: string;
  /** The join page with the token: the only place the token ever is. */
  joinUrl: string;
  expiresAt: Date;
  shopUrl: string;
}

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Join <company> on Toolshop", in the shop's email layout. */
export function invitationEmail(facts: InvitationFacts): Mail {
  return {
    to: facts.to,
    subject: `Join ${facts.companyName} on Toolshop`,
    ...renderEmail({
      greeting: 'Hello,',
      paragraphs: [
        [
          { strong: facts.invitedBy },
          ' invites you to order for ',
          { strong: facts.companyName },
          ` on Toolshop, as ${COMPANY_ROLE_LABELS[facts.role].toLowerCase()}.`,
        ],
        ['Sign in (or create your account) with this email address, then accept:'],
      ],
      action: { label: 'Join the company', href: facts.joinUrl },
      after: [
        [`The link works once, until ${day.format(facts.expiresAt)}.`],
        ['If you did not expect this, ignore this email: nothing changes until you accept.'],
      ],
      shopUrl: facts.shopUrl,
    }),
  };
}

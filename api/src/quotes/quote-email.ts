import { formatDollars, renderEmail } from '@toolshop/contracts';
import type { Mail } from '../mail/mail.service';

export interface AnsweredQuoteFacts {
  to: string;
  lines: Array<{ name: string; quantity: number; unitPrice: number }>;
  total: number;
  validUntil: Date;
  message?: string;
  quoteUrl: string;
  shopUrl: string;
}

const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Your quote is ready": the prices, until when they hold, and the link to accept. */
export function answeredQuoteEmail(facts: AnsweredQuoteFacts): Mail {
  return {
    to: facts.to,
    subject: 'Your Toolshop quote is ready',
    ...renderEmail({
      greeting: 'Hello,',
      paragraphs: [
        ['We have priced your quote request:'],
        ...facts.lines.map((line) => [
          `${line.quantity} × ${line.name} at ${formatDollars(line.unitPrice)} each`,
        ]),
        ['Total: ', { strong: formatDollars(facts.total) }],
        ...(facts.message ? [[facts.message]] : []),
      ],
      action: { label: 'See the quote', href: facts.quoteUrl },
      after: [[`These prices hold until ${day.format(facts.validUntil)} (UTC).`]],
      shopUrl: facts.shopUrl,
    }),
  };
}

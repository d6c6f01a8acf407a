import { SELLER } from './invoice';

/**
 * The one layout of every email the shop sends, the API's (orders) and the identity provider's
 * (sign-up, verification, passwords): a logo drawn in HTML (no image to block or host), the
 * paragraphs, an optional button, and the shop's address in the footer; and a plain-text part
 * saying the same. Every value is escaped in the HTML part: names and addresses are typed by
 * customers and admins.
 */

/** A piece of a paragraph: text, bold text, code (ids, numbers) or a link. */
export type EmailPart =
  string | { strong: string } | { code: string } | { link: string; href: string };
export type EmailParagraph = EmailPart[];

export interface EmailContent {
  /** "Hello Casey," */
  greeting: string;
  paragraphs: EmailParagraph[];
  /** The one thing to do (a button in HTML, "label: URL" in text). */
  action?: { label: string; href: string };
  /** Paragraphs after the button (what to do if it was not you...). */
  after?: EmailParagraph[];
  /** The shop's public origin: the logo and the footer link to it. */
  shopUrl: string;
}

const BRAND = '#1d4ed8';
const INK = '#0f172a';
const MUTED = '#475569';
const SIGNATURE = '— Toolshop';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Only http(s) links are made links: a `javascript:` or `data:` URL is printed, never followed. */
const safeHref = (href: string) => (/^https?:\/\//i.test(href) ? escapeHtml(href) : '#');

function partText(part: EmailPart): string {
  if (typeof part === 'string') return part;
  if ('strong' in part) return part.strong;
  if ('code' in part) return part.code;
  return part.link === part.href ? part.href : `${part.link} (${part.href})`;
}

function partHtml(part: EmailPart): string {
  if (typeof part === 'string') return escapeHtml(part);
  if ('strong' in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
  if ('code' in part) return `<code>${escapeHtml(part.code)}</code>`;
  return `<a href="${safeHref(part.href)}" style="color:${BRAND}">${escapeHtml(part.link)}</a>`;
}

const paragraphText = (line: EmailParagraph) => line.map(partText).join('');
const paragraphHtml = (line: EmailParagraph) =>
  `<p style="margin:0 0 16px">${line.map(partHtml).join('')}</p>`;

const footerLines = () => [SELLER.name, ...SELLER.addressLines, SELLER.email];

/** Both parts of an email from the same content, so they always say the same. */
export function renderEmail(content: EmailContent): { text: string; html: string } {
  const { greeting, paragraphs, action, after = [], shopUrl } = content;
  const text = [
    greeting,
    ...paragraphs.map(paragraphText),
    ...(action ? [`${action.label}: ${action.href}`] : []),
    ...after.map(paragraphText),
    SIGNATURE,
    `--\n${footerLines().join('\n')}\n${shopUrl}`,
  ].join('\n\n');
  const button = action
    ? `<p style="margin:8px 0 24px"><a href="${safeHref(action.href)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escapeHtml(action.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Toolshop</title></head>
<body style="margin:0;padding:0;background:#f1f5f9">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.5;color:${INK}">
<tr><td style="padding:20px 24px;border-bottom:4px solid ${BRAND}">
<a href="${safeHref(shopUrl)}" style="text-decoration:none;color:${INK}" aria-label="Toolshop"><span style="display:inline-block;width:32px;height:32px;line-height:32px;text-align:center;border-radius:6px;background:${BRAND};color:#ffffff;font-weight:700;font-size:20px;vertical-align:middle">T</span><span style="font-weight:700;font-size:22px;vertical-align:middle;margin-left:10px">Toolshop</span></a>
</td></tr>
<tr><td style="padding:24px">
${paragraphHtml([greeting])}${paragraphs.map(paragraphHtml).join('')}${button}${after.map(paragraphHtml).join('')}${paragraphHtml([SIGNATURE])}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:13px;color:${MUTED}">
${footerLines().map(escapeHtml).join('<br>')}<br><a href="${safeHref(shopUrl)}" style="color:${MUTED}">${escapeHtml(shopUrl.replace(/^https?:\/\//, ''))}</a>
</td></tr>
</table>
</td></tr></table>
</body></html>
`;
  return { text: text + '\n', html };
}

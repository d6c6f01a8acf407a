import { renderEmail, type EmailParagraph } from '@toolshop/contracts';
import type { MailMessage } from './mailer.ts';

/** One mail in the shop's layout (logo, shop address footer, plain-text and HTML parts). */
function mail(
  shopUrl: string,
  to: string,
  subject: string,
  content: {
    paragraphs: EmailParagraph[];
    action?: { label: string; href: string };
    after?: EmailParagraph[];
  },
): MailMessage {
  return { to, subject, ...renderEmail({ greeting: 'Hello,', shopUrl, ...content }) };
}

/**
 * The mails of sign-up, verification and passwords, in the same layout as the shop's order
 * emails; `shopUrl` is the shop's public origin (the logo and footer link there).
 */
export function accountMails(shopUrl: string) {
  return {
    /**
     * The mail to an address nobody has proven yet: no text anyone could choose (not the name, not
     * the address typed), so a sign-up cannot make the shop send someone else a message.
     */
    verificationMail: (email: string, link: string) =>
      mail(shopUrl, email, 'Verify your Toolshop email address', {
        paragraphs: [
          ['Please confirm that this is your email address by opening this link within 24 hours.'],
        ],
        action: { label: 'Verify your email address', href: link },
        after: [['If you did not sign up at Toolshop, ignore this mail.']],
      }),

    /** The link that finishes a sign-up; no user-chosen text (the address is not proven yet). */
    signupMail: (email: string, link: string) =>
      mail(shopUrl, email, 'Finish signing up at Toolshop', {
        paragraphs: [
          [
            'Someone, hopefully you, asked to open a Toolshop account for this email address. Open this link within 24 hours to finish signing up; it signs you in.',
          ],
        ],
        action: { label: 'Finish signing up', href: link },
        after: [
          [
            'If you did not sign up at Toolshop, ignore this mail: no account is made without the link.',
          ],
        ],
      }),

    /** To the owner of an existing account when someone signs up with its address. */
    alreadyRegisteredMail: (email: string, signInUrl: string) =>
      mail(shopUrl, email, 'Someone tried to sign up at Toolshop with your email address', {
        paragraphs: [
          [
            'Someone just tried to open a new Toolshop account with this email address, which already has one. Nothing was changed.',
          ],
          [
            'If it was you: sign in at ',
            { link: signInUrl, href: signInUrl },
            ' with your password, or choose "Forgot password?" there to set a new one.',
          ],
        ],
        action: { label: 'Sign in', href: signInUrl },
        after: [['If it was not you, ignore this mail.']],
      }),

    /** The reset link (to the shop's page, the token in the fragment: never sent to a server's log). */
    resetMail: (email: string, link: string) =>
      mail(shopUrl, email, 'Choose a new Toolshop password', {
        paragraphs: [
          [
            'Someone, hopefully you, asked to choose a new password for the Toolshop account of this email address. Open this link within one hour to choose it; it works once.',
          ],
        ],
        action: { label: 'Choose a new password', href: link },
        after: [['If you did not ask, ignore this mail: your password stays as it is.']],
      }),

    /** The same request for an address without an account: the same work, a mail that says so. */
    noAccountMail: (email: string, signUpUrl: string) =>
      mail(shopUrl, email, 'Choose a new Toolshop password', {
        paragraphs: [
          [
            'Someone asked to reset the Toolshop password of this email address, but no Toolshop account uses it. If it was you, you may have signed up with another address, or you can sign up.',
          ],
        ],
        action: { label: 'Sign up', href: signUpUrl },
        after: [['If you did not ask, ignore this mail.']],
      }),

    /** Tells the owner the password changed (after a reset or a change in the profile). */
    passwordChangedMail: (email: string, loginUrl: string) =>
      mail(shopUrl, email, 'Your Toolshop password was changed', {
        paragraphs: [
          [
            'The password of your Toolshop account was just changed, and every session of the account was signed out.',
          ],
          [
            'If that was not you, choose a new password at once with "Forgot password?" on the sign-in page.',
          ],
        ],
        action: { label: 'Go to sign-in', href: loginUrl },
      }),
  };
}

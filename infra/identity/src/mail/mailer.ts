import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part (the shop's layout); the text part says the same. */
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through SMTP_URL; without it (development) the mail is written to the log instead, link
 * included, so sign-up can be tried without a mail server.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: (line: string) => void;
}): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send({ to, subject, text }) {
        log(`mail (no SMTP_URL, not sent) to ${to}: ${subject}\n${text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, ...(html ? { html } : {}) });
    },
  };
}

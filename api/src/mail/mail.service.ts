import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { API_CONFIG, type ApiConfig } from '../config/config';

/** An email with its plain-text and HTML parts. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** An SMTP conversation that hangs is given up after this long (the outbox tries again later). */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * The SMTP side of the shop's emails (SMTP_URL). Only the outbox worker calls it: a request never
 * waits for SMTP. Without SMTP_URL (outside production) a mail is only logged.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('MailService');
  private readonly transport?: Transporter;

  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {
    if (config.smtpUrl)
      this.transport = createTransport({
        url: config.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      });
  }

  /** Whether emails go out (SMTP_URL set); otherwise they are only logged. */
  get sends(): boolean {
    return this.transport !== undefined;
  }

  /** Sends one email; throws when the server refuses it or cannot be reached. */
  async deliver(mail: Mail): Promise<void> {
    if (!this.transport) {
      this.logger.log(`mail to ${mail.to} (no SMTP_URL, not sent): ${mail.subject}`);
      return;
    }
    await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}

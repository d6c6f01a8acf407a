import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { API_CONFIG, type ApiConfig } from '../config/config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * The shop's emails, through SMTP_URL. Sending never fails the operation that caused it: a mail
 * that cannot go out is logged (and, without SMTP_URL outside production, only logged).
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger('MailService');
  private readonly transport?: Transporter;

  constructor(@Inject(API_CONFIG) private readonly config: ApiConfig) {
    if (config.smtpUrl) this.transport = createTransport(config.smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    if (!this.transport) {
      this.logger.log(`mail to ${mail.to} (no SMTP_URL, not sent): ${mail.subject}`);
      return;
    }
    try {
      await this.transport.sendMail({ from: this.config.mailFrom, ...mail });
    } catch (error) {
      this.logger.error(`mail to ${mail.to} failed: ${(error as Error).message}`);
    }
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}

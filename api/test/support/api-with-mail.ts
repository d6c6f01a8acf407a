import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';
import { TestApi } from './test-api';

/** A spec's API whose emails go to a catcher, polled often, links written for SHOP_URL. */
export interface ApiWithMail {
  api: TestApi;
  smtp: SmtpCatcher;
}

/** Starts both before the spec's tests and stops both after them; read them inside tests. */
export function apiWithMail(shopUrl = 'https://shop.example'): ApiWithMail {
  const started = {} as ApiWithMail;
  beforeAll(async () => {
    started.smtp = await startSmtpCatcher();
    started.api = await TestApi.start({
      SMTP_URL: started.smtp.url,
      OUTBOX_POLL_MS: '200',
      SHOP_URL: shopUrl,
    });
  });
  afterAll(async () => {
    await started.api.stop();
    await started.smtp.close();
  });
  return started;
}

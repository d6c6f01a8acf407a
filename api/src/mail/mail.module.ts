import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { MailService } from './mail.service';
import { Outbox } from './outbox';
import { OutboxMessage, OutboxMessageSchema } from './outbox-message.schema';
import { OutboxWorker } from './outbox-worker';

/** The shop's one way to send email: queue it in the Outbox; the OutboxWorker sends it over SMTP. */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: OutboxMessage.name, schema: OutboxMessageSchema }])],
  providers: [MailService, OutboxWorker, Outbox],
  exports: [Outbox],
})
export class MailModule {}

import { Module } from '@nestjs/common';
import { AppointmentReminders } from './appointment-reminders';
import { CommunicationsController } from './communications.controller';
import { COMMUNICATIONS_CONFIG, readCommunicationsConfig } from './communications.config';
import { CommunicationsService } from './communications.service';
import { FamilyLinksConsumer } from './family-links.consumer';
import { JobQueue } from './job-queue';
import { MessageScheduler } from './message-scheduler';
import { MessageSender } from './message-sender';
import { PaymentReceipts } from './payment-receipts';
import { EmailProvider, SmsProvider } from './providers';

/** Support and communications: the SMS and email the platform sends, their preferences and delivery log. */
@Module({
  controllers: [CommunicationsController],
  providers: [
    { provide: COMMUNICATIONS_CONFIG, useFactory: readCommunicationsConfig },
    JobQueue,
    SmsProvider,
    EmailProvider,
    MessageScheduler,
    FamilyLinksConsumer,
    PaymentReceipts,
    MessageSender,
    CommunicationsService,
    AppointmentReminders,
  ],
  // the data export (the tickets controller answers it for the whole service) reads preferences and the delivery log
  exports: [CommunicationsService],
})
export class CommunicationsModule {}

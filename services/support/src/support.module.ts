import { Module } from '@nestjs/common';
import { createServiceHealthController, EventsModule, ServiceDatabaseModule, subject } from '@afya/service-shared';
import { SupportPatterns } from '../contracts';
import { CommunicationsModule } from './communications/communications.module';
import { DirectoryConsumer } from './directory/directory.consumer';
import { supportDatabase } from './support.database';
import { TicketsController } from './tickets/tickets.controller';
import { TicketAccess } from './tickets/ticket-access';
import { TicketCare } from './tickets/ticket-care';
import { TicketChangesService } from './tickets/ticket-changes.service';
import { TicketConversationService } from './tickets/ticket-conversation.service';
import { TicketsService } from './tickets/tickets.service';

@Module({
  imports: [ServiceDatabaseModule.forService(supportDatabase), EventsModule.forService('support'), CommunicationsModule],
  controllers: [TicketsController, createServiceHealthController('support', subject(SupportPatterns.health))],
  providers: [TicketsService, TicketChangesService, TicketConversationService, TicketAccess, TicketCare, DirectoryConsumer],
})
export class SupportModule {}

import { Module } from '@nestjs/common';
import { ContactRateLimitGuard } from './contact-rate-limit.guard';
import { SupportController } from './support.controller';
import { TicketEventsHub } from './ticket-events.hub';

/** Support tickets, their live conversation stream, and the public contact form. */
@Module({
  controllers: [SupportController],
  providers: [TicketEventsHub, ContactRateLimitGuard],
})
export class SupportGatewayModule {}

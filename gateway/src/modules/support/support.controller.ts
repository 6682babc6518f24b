import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envInt, subject } from '@afya/service-shared';
import { SupportEvents, SupportPatterns, TicketReply } from '@afya/support-service/contracts';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { RevocationStore } from '../../common/auth/revocation-store';
import { ServiceClient } from '../../common/bus/service-client';
import { openEventStream } from '../../common/http/event-stream';
import { IdParam } from '../../common/http/id-param.pipe';
import { TicketEventsHub } from './ticket-events.hub';

/** Comments keep idle proxies from closing a quiet stream; each beat also checks the token (SSE_HEARTBEAT_MS). */
const HEARTBEAT_MS = 25_000;

/**
 * CONTRACT.md §7 "Support". Roles per section 6; the support service checks ownership again (another
 * user's ticket answers 404, a doctor's read-only view of a patient's ticket 403 on any change). Every other ticket call
 * (the lists, a conversation's messages, stats, unread, one ticket, opening and editing one, its status, deletion, a
 * reply) is declared in the support contracts (SupportCalls); the live events (a stream) stay here.
 */
@ApiTags('support')
@ApiBearerAuth()
@Controller('support')
export class SupportController {
  private readonly heartbeatMs = envInt('SSE_HEARTBEAT_MS', HEARTBEAT_MS);

  constructor(
    private readonly bus: ServiceClient,
    private readonly hub: TicketEventsHub,
    private readonly revocations: RevocationStore,
  ) {}

  /**
   * Server-sent events while a conversation is open: `event: ticket` lines naming what changed (a message,
   * a status, a deletion); the browser then reads the conversation again through its declared call, so the
   * stream carries no message text and every read stays authorised. Authorised like the ticket itself: the
   * support service is asked first (404 for another user's ticket). The stream ends with its token (openEventStream).
   */
  @ApiProduces('text/event-stream')
  @ApiOperation({ summary: 'Server-sent events while a conversation is open' })
  @Get(':id/events')
  async events(
    @Param('id', IdParam) id: number,
    @CurrentCaller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.bus.send<TicketReply>(subject(SupportPatterns.get), { id }, caller);
    const stream = openEventStream(request, reply, { requestId: caller.requestId, user: caller.user, revocations: this.revocations, retryMs: 3000, heartbeatMs: this.heartbeatMs });
    stream.send('ready', { ticket_id: id });
    const stop = this.hub.listen(
      id,
      (event) => {
        stream.send('ticket', event);
        if (event.type === SupportEvents.deleted) stream.end();
      },
      () => stream.end(),
    );
    stream.onClose(stop);
  }
}

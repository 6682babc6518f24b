import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envInt, subject } from '@afya/service-shared';
import {
  DoctorTicketListReply,
  DoctorTicketView,
  ListAllTicketsPayload,
  SupportPatterns,
  TicketListReply,
  TicketMessagesReply,
  TicketMessageView,
  TicketReply,
  TicketView,
  SupportEvents,
  ListTicketsQuerySchema,
} from '@afya/support-service/contracts';
import { createZodDto } from 'nestjs-zod';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { RevocationStore } from '../../common/auth/revocation-store';
import { ServiceClient } from '../../common/bus/service-client';
import { openEventStream } from '../../common/http/event-stream';
import { IdParam } from '../../common/http/id-param.pipe';
import { PageQueryDto, pageOfQuery, sendList } from '../../common/http/list-reply';
import { TicketEventsHub } from './ticket-events.hub';
import { ListReply } from '../../common/http/reply-docs';

/** Rows of one admin page when the client asks by page number without a limit. */
const DEFAULT_PAGE_ROWS = 50;

/** Comments keep idle proxies from closing a quiet stream; each beat also checks the token (SSE_HEARTBEAT_MS). */
const HEARTBEAT_MS = 25_000;

class ListTicketsQuery extends createZodDto(ListTicketsQuerySchema) {}

/**
 * CONTRACT.md §7 "Support". Roles per section 6; the support service checks ownership again (another
 * user's ticket answers 404, a doctor's read-only view of a patient's ticket 403 on any change). The other ticket calls
 * (stats, unread, one ticket, opening and editing one, its status, deletion, a reply) are declared in the support contracts (SupportCalls).
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

  /** The caller's own tickets (admins: every ticket), the bare array of one page, newest first. */
  @ListReply<TicketView>('complaint_id', 'id', 'user_id', 'subject', 'description', 'status', 'priority', 'category', 'created_at', 'updated_at', 'related_appointment_id', 'user', 'email')
  @ApiOperation({ summary: 'The caller\'s own tickets, one page (admins: all)' })
  @Get()
  async listOwn(
    @Query() query: PageQueryDto,
    @CurrentCaller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TicketView[]> {
    const page = pageOfQuery(query);
    const { complaints, total } = await this.bus.send<TicketListReply>(subject(SupportPatterns.listOwn), page, caller);
    return sendList(request, reply, complaints, total, page);
  }

  /** Every ticket, searched and filtered; the bare array of one page (limit/offset, or page and limit). */
  @Roles('admin')
  @ListReply<TicketView>('complaint_id', 'id', 'user_id', 'subject', 'description', 'status', 'priority', 'category', 'created_at', 'updated_at', 'related_appointment_id', 'user', 'email')
  @ApiOperation({ summary: 'Every ticket, searched and filtered' })
  @Get('all')
  async listAll(
    @Query() query: ListTicketsQuery,
    @CurrentCaller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TicketView[]> {
    const page = pageOfQuery(query.page && query.offset === undefined ? { limit: query.limit ?? DEFAULT_PAGE_ROWS, offset: (query.page - 1) * (query.limit ?? DEFAULT_PAGE_ROWS) } : query);
    const payload: ListAllTicketsPayload = { search: query.search, status: query.status === 'all' ? undefined : query.status, ...page };
    const { complaints, total } = await this.bus.send<TicketListReply>(subject(SupportPatterns.listAll), payload, caller);
    return sendList(request, reply, complaints, total, page);
  }

  /** Tickets of the doctor's patients (read-only), the bare array of one page. */
  @Roles('doctor')
  @ListReply<DoctorTicketView>('complaint_id', 'id', 'user_id', 'subject', 'description', 'status', 'priority', 'category', 'created_at', 'updated_at', 'related_appointment_id', 'user', 'email', 'user_name', 'user_email', 'user_phone', 'appointment_date')
  @ApiOperation({ summary: 'Tickets of the doctor\'s patients (read-only), the bare array of one page' })
  @Get('doctor')
  async listForDoctor(
    @Query() query: PageQueryDto,
    @CurrentCaller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DoctorTicketView[]> {
    const page = pageOfQuery(query);
    const { complaints, total } = await this.bus.send<DoctorTicketListReply>(subject(SupportPatterns.listForDoctor), page, caller);
    return sendList(request, reply, complaints, total, page);
  }

  /** The conversation, oldest first: the bare array of its messages (all of them). */
  @ListReply<TicketMessageView>('sender_role', 'message', 'created_at')
  @ApiOperation({ summary: 'The conversation, oldest first' })
  @Get(':id/messages')
  async messages(
    @Param('id', IdParam) id: number,
    @CurrentCaller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TicketMessageView[]> {
    const { messages } = await this.bus.send<TicketMessagesReply>(subject(SupportPatterns.messages), { id }, caller);
    return sendList(request, reply, messages);
  }

  /**
   * Server-sent events while a conversation is open: `event: ticket` lines naming what changed (a message,
   * a status, a deletion); the browser then reads the conversation again through the routes above, so the
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

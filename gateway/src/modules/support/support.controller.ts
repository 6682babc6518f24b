import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envInt, subject } from '@afya/service-shared';
import {
  AdminTicketListReply,
  CreateTicketPayload,
  DeleteTicketReply,
  DoctorTicketListReply,
  PostMessageReply,
  SupportPatterns,
  SupportStatsReply,
  TicketListReply,
  TicketMessagesReply,
  TicketReply,
  UnreadReply,
  SupportEvents,
} from '@afya/support-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { RevocationStore } from '../../common/auth/revocation-store';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { CreateTicketDto, ListTicketsQuery, MessageDto, TicketStatusDto, UpdateTicketDto } from './support.dto';
import { TicketEventsHub } from './ticket-events.hub';

/** Comments keep idle proxies from closing a quiet stream; each beat also checks the token (SSE_HEARTBEAT_MS). */
const HEARTBEAT_MS = 25_000;

function ticketPayload(body: CreateTicketDto): Partial<CreateTicketPayload> {
  return {
    subject: body.subject ?? body.title,
    description: body.description,
    category: body.category,
    priority: body.priority,
    related_appointment_id: body.related_appointment_id,
  };
}

/**
 * CONTRACT.md §7 "Support". Roles per section 6; the support service checks ownership again (another
 * user's ticket answers 404, a doctor's read-only view of a patient's ticket 403 on any change).
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

  @Get()
  listOwn(@CurrentCaller() caller: Caller): Promise<TicketListReply> {
    return this.bus.send(subject(SupportPatterns.listOwn), {}, caller);
  }

  @Roles('admin')
  @Get('all')
  listAll(@Query() query: ListTicketsQuery, @CurrentCaller() caller: Caller): Promise<AdminTicketListReply> {
    const payload = { search: query.search, status: query.status === 'all' ? undefined : query.status, page: query.page, limit: query.limit };
    return this.bus.send(subject(SupportPatterns.listAll), payload, caller);
  }

  @Roles('doctor')
  @Get('doctor')
  listForDoctor(@CurrentCaller() caller: Caller): Promise<DoctorTicketListReply> {
    return this.bus.send(subject(SupportPatterns.listForDoctor), {}, caller);
  }

  /** The admin overview's fresh answer: tickets by status, and how many are unresolved. */
  @Roles('admin')
  @Get('stats')
  stats(@CurrentCaller() caller: Caller): Promise<SupportStatsReply> {
    return this.bus.send(subject(SupportPatterns.stats), {}, caller);
  }

  /** The Support menu badge. */
  @Get('unread')
  unread(@CurrentCaller() caller: Caller): Promise<UnreadReply> {
    return this.bus.send(subject(SupportPatterns.unread), {}, caller);
  }

  @Roles('user', 'doctor')
  @Post()
  create(@Body() body: CreateTicketDto, @CurrentCaller() caller: Caller): Promise<TicketReply> {
    return this.bus.send(subject(SupportPatterns.create), ticketPayload(body), caller);
  }

  @Get(':id')
  get(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<TicketReply> {
    return this.bus.send(subject(SupportPatterns.get), { id }, caller);
  }

  @Roles('user', 'doctor')
  @Patch(':id')
  update(@Param('id', IdParam) id: number, @Body() body: UpdateTicketDto, @CurrentCaller() caller: Caller): Promise<TicketReply> {
    const changes = Object.fromEntries(Object.entries(ticketPayload(body)).filter(([, value]) => value !== undefined));
    return this.bus.send(subject(SupportPatterns.update), { id, changes }, caller);
  }

  @Patch(':id/status')
  status(@Param('id', IdParam) id: number, @Body() body: TicketStatusDto, @CurrentCaller() caller: Caller): Promise<TicketReply> {
    return this.bus.send(subject(SupportPatterns.setStatus), { id, status: body.status }, caller);
  }

  @Delete(':id')
  remove(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<DeleteTicketReply> {
    return this.bus.send(subject(SupportPatterns.remove), { id }, caller);
  }

  @Get(':id/messages')
  messages(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<TicketMessagesReply> {
    return this.bus.send(subject(SupportPatterns.messages), { id }, caller);
  }

  @Post(':id/messages')
  postMessage(@Param('id', IdParam) id: number, @Body() body: MessageDto, @CurrentCaller() caller: Caller): Promise<PostMessageReply> {
    return this.bus.send(subject(SupportPatterns.postMessage), { id, message: body.message }, caller);
  }

  /**
   * Server-sent events while a conversation is open: `event: ticket` lines naming what changed (a message,
   * a status, a deletion); the browser then reads the conversation again through the routes above, so the
   * stream carries no message text and every read stays authorised. Authorised like the ticket itself: the
   * support service is asked first (404 for another user's ticket). Written on the raw response (hijacked
   * from Fastify), unbuffered: the gateway compresses nothing on /api and helmet only sets headers.
   */
  @ApiProduces('text/event-stream')
  @Get(':id/events')
  async events(
    @Param('id', IdParam) id: number,
    @CurrentCaller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.bus.send<TicketReply>(subject(SupportPatterns.get), { id }, caller);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx (the Ingress) must not buffer the stream either.
      'x-accel-buffering': 'no',
      'x-request-id': caller.requestId,
    });
    raw.write(`retry: 3000\nevent: ready\ndata: {"ticket_id":${id}}\n\n`);
    const stop = this.hub.listen(
      id,
      (event) => {
        raw.write(`event: ticket\ndata: ${JSON.stringify(event)}\n\n`);
        if (event.type === SupportEvents.deleted) raw.end();
      },
      () => raw.end(),
    );
    const user = caller.user;
    const heartbeat = setInterval(() => {
      // The stream lives no longer than its token: ended at expiry or once that token is signed out (the
      // browser's reconnect then meets the normal 401). Session-wide revocations need the token's session
      // version, which the gateway does not keep per request: those streams end at expiry or on reconnect.
      if (user && (Date.now() / 1000 >= user.exp || this.revocations.isRevoked({ sub: String(user.userId), jti: user.jti, sv: Number.MAX_SAFE_INTEGER }))) {
        raw.end();
        return;
      }
      raw.write(': keep-alive\n\n');
    }, this.heartbeatMs);
    heartbeat.unref();
    const close = () => {
      clearInterval(heartbeat);
      stop();
    };
    request.raw.once('close', close);
    raw.once('close', close);
  }
}

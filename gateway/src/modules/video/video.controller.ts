import { Controller, Get, Logger, Param, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envInt, subject } from '@afya/service-shared';
import { AppointmentPatterns, VideoAccessReply } from '@afya/appointment-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { RevocationStore } from '../../common/auth/revocation-store';
import { ServiceClient } from '../../common/bus/service-client';
import { openEventStream } from '../../common/http/event-stream';
import { IdParam } from '../../common/http/id-param.pipe';
import { VideoRelayHub } from './video-relay.hub';

const HEARTBEAT_MS = 25_000;

/**
 * Video visits (issue 26). The call's media flows between the two browsers (or through our TURN server); the gateway
 * only relays their signalling: server-sent events down (here), POST up (a declared call: video.calls.ts), each authorised like every call and checked
 * against the appointment service's joining rule (its patient and its doctor only, only within the window), on
 * every request. Replicas relay to each other over NATS (VideoRelayHub).
 */
@ApiTags('video')
@ApiBearerAuth()
@Controller('video')
export class VideoController {
  private readonly heartbeatMs = envInt('SSE_HEARTBEAT_MS', HEARTBEAT_MS);
  private readonly logger = new Logger('VideoController');

  constructor(
    private readonly bus: ServiceClient,
    private readonly relay: VideoRelayHub,
    private readonly revocations: RevocationStore,
  ) {}

  private access(id: number, caller: Caller): Promise<VideoAccessReply> {
    return this.bus.send<VideoAccessReply>(subject(AppointmentPatterns.videoAccess), { id }, caller);
  }

  /**
   * Server-sent events while the call screen is open: `ready` (the caller's side and when the window closes),
   * `peer` (the other participant's stream opened or closed, with its id), `signal` (their SDP or ICE candidate), `closed` (the window
   * ended; the stream ends with it). Like the ticket stream, it ends with its token (openEventStream).
   */
  @Roles('user', 'doctor')
  @ApiProduces('text/event-stream')
  @ApiOperation({ summary: 'Server-sent events while the call screen is open' })
  @Get(':id/events')
  async events(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const access = await this.access(id, caller);
    // Who joined is in the audit trail before the stream opens (a refused or unrecorded join never streams).
    await this.bus.send(subject(AppointmentPatterns.videoPresence), { id, event: 'joined' }, caller);
    const stream = openEventStream(request, reply, { requestId: caller.requestId, user: caller.user, revocations: this.revocations, retryMs: 2000, heartbeatMs: this.heartbeatMs });
    stream.send('ready', { appointment_id: id, side: access.side, closes_at: access.closes_at });
    const relayed = this.relay.open(
      id,
      access.side,
      (message) => {
        if (message.type === 'signal') stream.send('signal', message.signal);
        else stream.send('peer', { state: message.type, side: message.from, stream: message.stream });
      },
      () => stream.end(),
    );
    // ...and no longer than the visit's window.
    const windowEnd = setTimeout(() => {
      stream.send('closed', { reason: 'The video visit closed 30 minutes after the appointment started' });
      stream.end();
    }, Math.max(0, new Date(access.closes_at).getTime() - Date.now()));
    windowEnd.unref();
    stream.onClose(() => {
      clearTimeout(windowEnd);
      relayed.close();
      // ...and who left, when the stream ends (End call, a reload, a network drop, the window closing).
      this.bus.send(subject(AppointmentPatterns.videoPresence), { id, event: 'left' }, caller).catch((error: Error) => this.logger.warn(`video visit ${id}: leaving not recorded: ${error.message}`));
    });
  }
}

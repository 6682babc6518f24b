import { BadRequestException, Injectable } from '@nestjs/common';
import { subject } from '@afya/service-shared';
import type { AppointmentCalls, VideoAccessReply, VideoSessionReply } from '@afya/appointment-service/contracts';
import type { CallContext, CallHandlings } from '../../common/calls/bus-calls';
import { iceConfigFromEnv, iceServersFor } from './ice-servers';
import { parseSignal, SIGNAL_INVALID } from './signal-message';
import { VideoRelayHub } from './video-relay.hub';

/** The STUN and TURN servers, read from the environment once, when the gateway starts. */
@Injectable()
export class VideoIceConfig {
  readonly config = iceConfigFromEnv();
}

/** The appointment service's joining rule (its patient and its doctor only, only within the window), asked on every request. */
function access(id: number, { bus, caller, meta }: Pick<CallContext, 'bus' | 'caller' | 'meta'>): Promise<VideoAccessReply> {
  return bus.send<VideoAccessReply>(subject(meta.subject), { id }, caller);
}

/**
 * The video visit's declared calls (services/appointment/contracts/video-calls.ts): the session is the caller's access
 * with the ICE servers; a signal is checked (gateway/src/modules/video/signal-message.ts) and relayed to the other
 * participant (VideoRelayHub). The visit's events stay a stream (video.controller.ts).
 */
export const VIDEO_CALL_HANDLINGS: CallHandlings<typeof AppointmentCalls> = {
  videoSession: {
    async handle(context): Promise<VideoSessionReply> {
      const { id } = context.input.params;
      const joined = await access(id, context);
      return { ...joined, ice_servers: iceServersFor(context.get(VideoIceConfig).config, id, new Date(joined.closes_at)), recording: 'none' };
    },
  },
  videoSignal: {
    async handle(context) {
      const signal = parseSignal(context.input.body);
      if (!signal) throw new BadRequestException(SIGNAL_INVALID);
      const joined = await access(context.input.params.id, context);
      context.get(VideoRelayHub).signal(context.input.params.id, joined.side, context.caller.requestId, signal);
      return { relayed: true as const };
    },
  },
};

import { Module } from '@nestjs/common';
import { VideoIceConfig } from './video.calls';
import { VideoController } from './video.controller';
import { VideoRelayHub } from './video-relay.hub';

/** Video visits: the call's session, its signalling stream and relay (issue 26). */
@Module({
  controllers: [VideoController],
  providers: [VideoRelayHub, VideoIceConfig],
})
export class VideoGatewayModule {}

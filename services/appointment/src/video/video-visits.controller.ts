import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import type { PayloadOf } from '@afya/service-shared/calls';
import { AppointmentPatterns, type VideoCalls, VideoPresencePayload } from '../../contracts';
import { VideoVisitsService } from './video-visits.service';

@Controller()
export class VideoVisitsController {
  constructor(private readonly video: VideoVisitsService) {}

  @MessagePattern(subject(AppointmentPatterns.videoAccess))
  access(@Payload() request: RpcRequest<PayloadOf<typeof VideoCalls.videoSession>>) {
    return this.video.access(requirePrincipal(request), request.payload?.id);
  }

  @MessagePattern(subject(AppointmentPatterns.videoPresence))
  presence(@Payload() request: RpcRequest<VideoPresencePayload>) {
    return this.video.presence(requirePrincipal(request), request.payload, request.requestId);
  }
}

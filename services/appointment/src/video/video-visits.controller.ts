import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AppointmentPatterns } from '../../contracts';
import { VideoVisitsService } from './video-visits.service';

@Controller()
export class VideoVisitsController {
  constructor(private readonly video: VideoVisitsService) {}

  @MessagePattern(subject(AppointmentPatterns.videoAccess))
  access(@Payload() request: RpcRequest<{ id: number }>) {
    return this.video.access(requirePrincipal(request), request.payload?.id);
  }
}

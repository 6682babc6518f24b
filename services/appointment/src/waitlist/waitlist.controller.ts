import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AppointmentPatterns, type JoinWaitlistPayload, type WaitlistIdPayload } from '../../contracts';
import { WaitlistService } from './waitlist.service';

@Controller()
export class WaitlistController {
  constructor(private readonly waitlist: WaitlistService) {}

  @MessagePattern(subject(AppointmentPatterns.waitlistJoin))
  join(@Payload() request: RpcRequest<JoinWaitlistPayload>) {
    return this.waitlist.join(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.waitlistList))
  list(@Payload() request: RpcRequest) {
    return this.waitlist.list(requirePrincipal(request));
  }

  @MessagePattern(subject(AppointmentPatterns.waitlistLeave))
  leave(@Payload() request: RpcRequest<WaitlistIdPayload>) {
    return this.waitlist.leave(requirePrincipal(request), request.payload?.id);
  }

  @MessagePattern(subject(AppointmentPatterns.waitlistOffer))
  offer(@Payload() request: RpcRequest<WaitlistIdPayload>) {
    return this.waitlist.offer(requirePrincipal(request), request.payload?.id);
  }

  @MessagePattern(subject(AppointmentPatterns.waitlistClaim))
  claim(@Payload() request: RpcRequest<WaitlistIdPayload>) {
    return this.waitlist.claim(requirePrincipal(request), request.payload?.id, request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.waitlistDecline))
  decline(@Payload() request: RpcRequest<WaitlistIdPayload>) {
    return this.waitlist.decline(requirePrincipal(request), request.payload?.id);
  }

  @MessagePattern(subject(AppointmentPatterns.waitlistLengths))
  lengths(@Payload() request: RpcRequest) {
    return this.waitlist.lengths(requirePrincipal(request));
  }
}

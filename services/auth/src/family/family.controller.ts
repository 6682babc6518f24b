import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { type AcceptInvitationPayload, AuthPatterns, type DeclineInvitationPayload, type EndCarerLinkPayload, type EndMemberLinkPayload } from '../../contracts';
import { FamilyService } from './family.service';

@Controller()
export class FamilyController {
  constructor(private readonly family: FamilyService) {}

  @MessagePattern(subject(AuthPatterns.family))
  view(@Payload() request: RpcRequest) {
    return this.family.view(requirePrincipal(request));
  }

  @MessagePattern(subject(AuthPatterns.addDependant))
  addDependant(@Payload() request: RpcRequest) {
    return this.family.addDependant(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.invite))
  invite(@Payload() request: RpcRequest) {
    return this.family.invite(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.acceptInvitation))
  accept(@Payload() request: RpcRequest<AcceptInvitationPayload>) {
    return this.family.accept(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.declineInvitation))
  decline(@Payload() request: RpcRequest<DeclineInvitationPayload>) {
    return this.family.decline(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.endMemberLink))
  endMember(@Payload() request: RpcRequest<EndMemberLinkPayload>) {
    return this.family.endMember(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.endCarerLink))
  endCarer(@Payload() request: RpcRequest<EndCarerLinkPayload>) {
    return this.family.endCarer(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.familyAccess))
  access(@Payload() request: RpcRequest) {
    return this.family.access(requirePrincipal(request), request.payload);
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AuthPatterns, type UssdPinPayload, type UssdSignInPayload } from '../../contracts';
import { UssdPinService } from './ussd-pin.service';

@Controller()
export class UssdPinController {
  constructor(private readonly pins: UssdPinService) {}

  @MessagePattern(subject(AuthPatterns.ussdPinStatus))
  status(@Payload() request: RpcRequest) {
    return this.pins.status(requirePrincipal(request));
  }

  @MessagePattern(subject(AuthPatterns.ussdPinSet))
  set(@Payload() request: RpcRequest<UssdPinPayload>) {
    return this.pins.set(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.ussdPinRemove))
  remove(@Payload() request: RpcRequest) {
    return this.pins.remove(requirePrincipal(request));
  }

  /** The gateway's USSD menu only (no HTTP route): the phone is the network's, so there is no principal. */
  @MessagePattern(subject(AuthPatterns.ussdSignIn))
  signIn(@Payload() request: RpcRequest<UssdSignInPayload>) {
    return this.pins.signIn(request.payload);
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import type { PayloadOf } from '@afya/service-shared/calls';
import { VitalsCalls, VitalsPatterns } from '../../contracts';
import { VitalsService } from './vitals.service';

/** Health monitoring's bus handlers (VitalsCalls in the contract); each payload is read with its schema in the service. */
@Controller()
export class VitalsController {
  constructor(private readonly vitals: VitalsService) {}

  @MessagePattern(subject(VitalsPatterns.record))
  record(@Payload() r: RpcRequest) {
    return this.vitals.record(requirePrincipal(r), r.payload, r.requestId);
  }

  @MessagePattern(subject(VitalsPatterns.list))
  list(@Payload() r: RpcRequest) {
    return this.vitals.list(requirePrincipal(r), r.payload, r.requestId);
  }

  @MessagePattern(subject(VitalsPatterns.enteredInError))
  enteredInError(@Payload() r: RpcRequest<PayloadOf<typeof VitalsCalls.enteredInError>>) {
    return this.vitals.enteredInError(requirePrincipal(r), Number(r.payload?.id), r.requestId);
  }

  @MessagePattern(subject(VitalsPatterns.alerts))
  alerts(@Payload() r: RpcRequest) {
    return this.vitals.alerts(requirePrincipal(r), r.requestId);
  }

  @MessagePattern(subject(VitalsPatterns.acknowledge))
  acknowledge(@Payload() r: RpcRequest<PayloadOf<typeof VitalsCalls.acknowledge>>) {
    return this.vitals.acknowledge(requirePrincipal(r), r.payload ?? {}, r.requestId);
  }

  @MessagePattern(subject(VitalsPatterns.observations))
  observations(@Payload() r: RpcRequest<PayloadOf<typeof VitalsCalls.observations>>) {
    return this.vitals.observations(requirePrincipal(r), r.payload ?? {}, r.requestId);
  }
}

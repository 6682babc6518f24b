import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AuthPatterns, DecideErasurePayload, ErasureListPayload, RequestErasurePayload } from '../../contracts';
import { DataRightsService } from './data-rights.service';

@Controller()
export class DataRightsController {
  constructor(private readonly dataRights: DataRightsService) {}

  @MessagePattern(subject(AuthPatterns.requestErasure))
  request(@Payload() request: RpcRequest<RequestErasurePayload>) {
    return this.dataRights.request(requirePrincipal(request), request.payload ?? {});
  }

  @MessagePattern(subject(AuthPatterns.erasureStatus))
  status(@Payload() request: RpcRequest) {
    return this.dataRights.status(requirePrincipal(request));
  }

  @MessagePattern(subject(AuthPatterns.listErasures))
  list(@Payload() request: RpcRequest<ErasureListPayload>) {
    return this.dataRights.list(requirePrincipal(request), request.payload ?? {});
  }

  @MessagePattern(subject(AuthPatterns.decideErasure))
  decide(@Payload() request: RpcRequest<DecideErasurePayload>) {
    return this.dataRights.decide(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AuthPatterns.dataExport))
  export(@Payload() request: RpcRequest) {
    return this.dataRights.export(requirePrincipal(request));
  }
}

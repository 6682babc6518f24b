import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { InsurancePatterns } from '../../contracts';
import { CoverCheckService } from './cover-check.service';
import { CoversService } from './covers.service';
import { PayersService } from './payers.service';

/** Payers, covers, doctors' accepted payers and the desk's cover check (contracts/insurance-calls.ts). */
@Controller()
export class InsuranceController {
  constructor(
    private readonly payers: PayersService,
    private readonly covers: CoversService,
    private readonly checks: CoverCheckService,
  ) {}

  @MessagePattern(subject(InsurancePatterns.payers))
  listPayers(@Payload() request: RpcRequest) {
    requirePrincipal(request);
    return this.payers.list();
  }

  @MessagePattern(subject(InsurancePatterns.addPayer))
  addPayer(@Payload() request: RpcRequest) {
    return this.payers.add(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(InsurancePatterns.retirePayer))
  retirePayer(@Payload() request: RpcRequest) {
    return this.payers.retire(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(InsurancePatterns.covers))
  listCovers(@Payload() request: RpcRequest) {
    return this.covers.list(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(InsurancePatterns.addCover))
  addCover(@Payload() request: RpcRequest) {
    return this.covers.add(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(InsurancePatterns.updateCover))
  updateCover(@Payload() request: RpcRequest) {
    return this.covers.update(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(InsurancePatterns.removeCover))
  removeCover(@Payload() request: RpcRequest) {
    return this.covers.remove(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(InsurancePatterns.doctorPayers))
  doctorPayers(@Payload() request: RpcRequest) {
    requirePrincipal(request);
    return this.payers.doctorPayers(request.payload);
  }

  @MessagePattern(subject(InsurancePatterns.setDoctorPayers))
  setDoctorPayers(@Payload() request: RpcRequest) {
    return this.payers.setDoctorPayers(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(InsurancePatterns.coverCheck))
  coverCheck(@Payload() request: RpcRequest) {
    return this.checks.check(requirePrincipal(request), request.payload);
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AttendancePatterns } from '../../contracts';
import { AttendanceReportsService } from './attendance-reports.service';
import { AttendanceService } from './attendance.service';

/** Arrival, the day's queue and attendance outcomes (contracts/attendance-calls.ts). */
@Controller()
export class AttendanceController {
  constructor(
    private readonly attendance: AttendanceService,
    private readonly reports: AttendanceReportsService,
  ) {}

  @MessagePattern(subject(AttendancePatterns.checkIn))
  checkIn(@Payload() request: RpcRequest) {
    return this.attendance.checkIn(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AttendancePatterns.queue))
  queue(@Payload() request: RpcRequest) {
    return this.attendance.queue(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AttendancePatterns.callNext))
  callNext(@Payload() request: RpcRequest) {
    return this.attendance.callNext(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AttendancePatterns.queueStep))
  queueStep(@Payload() request: RpcRequest) {
    return this.attendance.queueStep(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AttendancePatterns.setOutcome))
  setOutcome(@Payload() request: RpcRequest) {
    return this.attendance.setOutcome(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AttendancePatterns.unresolved))
  unresolved(@Payload() request: RpcRequest) {
    return this.reports.unresolved(requirePrincipal(request));
  }

  @MessagePattern(subject(AttendancePatterns.walkIn))
  walkIn(@Payload() request: RpcRequest) {
    return this.attendance.walkIn(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(AttendancePatterns.report))
  report(@Payload() request: RpcRequest) {
    return this.reports.report(requirePrincipal(request), request.payload);
  }
}

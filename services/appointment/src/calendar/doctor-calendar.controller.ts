import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { AppointmentPatterns } from '../../contracts';
import { DateOverridesService } from './date-overrides.service';
import { DoctorCalendarService } from './doctor-calendar.service';
import { MoveToColleagueService } from './move-to-colleague.service';

/** A doctor's hours and leave, and the clinic's closures (contracts/doctor-hours-calls.ts). */
@Controller()
export class DoctorCalendarController {
  constructor(
    private readonly calendar: DoctorCalendarService,
    private readonly moving: MoveToColleagueService,
    private readonly overrides: DateOverridesService,
  ) {}

  @MessagePattern(subject(AppointmentPatterns.doctorOverrides))
  doctorOverrides(@Payload() request: RpcRequest) {
    return this.overrides.list(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.setDoctorOverride))
  setOverride(@Payload() request: RpcRequest) {
    return this.overrides.set(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.removeDoctorOverride))
  removeOverride(@Payload() request: RpcRequest) {
    return this.overrides.remove(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.doctorHours))
  hours(@Payload() request: RpcRequest) {
    return this.calendar.hours(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.setDoctorHours))
  setHours(@Payload() request: RpcRequest) {
    return this.calendar.setHours(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.doctorLeave))
  leave(@Payload() request: RpcRequest) {
    return this.calendar.leave(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.addDoctorLeave))
  addLeave(@Payload() request: RpcRequest) {
    return this.calendar.addLeave(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.removeDoctorLeave))
  removeLeave(@Payload() request: RpcRequest) {
    return this.calendar.removeLeave(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.closures))
  closures(@Payload() request: RpcRequest) {
    return this.calendar.closures(requirePrincipal(request));
  }

  @MessagePattern(subject(AppointmentPatterns.addClosure))
  addClosure(@Payload() request: RpcRequest) {
    return this.calendar.addClosure(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.allDoctorHours))
  allHours(@Payload() request: RpcRequest) {
    return this.calendar.allHours(requirePrincipal(request));
  }

  @MessagePattern(subject(AppointmentPatterns.moveToColleague))
  moveToColleague(@Payload() request: RpcRequest) {
    return this.moving.move(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.needsNewTime))
  needsNewTime(@Payload() request: RpcRequest) {
    return this.calendar.needsNewTime(requirePrincipal(request));
  }

  @MessagePattern(subject(AppointmentPatterns.removeClosure))
  removeClosure(@Payload() request: RpcRequest) {
    return this.calendar.removeClosure(requirePrincipal(request), request.payload);
  }
}

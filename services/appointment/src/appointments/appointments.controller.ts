import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PageRequest, requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import {
  AppointmentIdPayload,
  AppointmentPatterns,
  AvailabilityPayload,
  BookPayload,
  ListAllPayload,
  RatePayload,
  SetAmountPayload,
  ReschedulePayload,
  SetStatusPayload,
  UpdateAppointmentPayload,
} from '../../contracts';
import { AppointmentChangesService } from './appointment-changes.service';
import { AppointmentReadsService } from './appointment-reads.service';
import { BookingService } from './booking.service';
import { RescheduleService } from './reschedule.service';

@Controller()
export class AppointmentsController {
  constructor(
    private readonly reads: AppointmentReadsService,
    private readonly booking: BookingService,
    private readonly changes: AppointmentChangesService,
    private readonly rescheduling: RescheduleService,
  ) {}

  @MessagePattern(subject(AppointmentPatterns.book))
  book(@Payload() request: RpcRequest<BookPayload>) {
    return this.booking.book(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.availability))
  availability(@Payload() request: RpcRequest<AvailabilityPayload>) {
    return this.booking.availability(requirePrincipal(request), request.payload);
  }

  @MessagePattern(subject(AppointmentPatterns.get))
  get(@Payload() request: RpcRequest<AppointmentIdPayload>) {
    return this.reads.get(requirePrincipal(request), request.payload.id, request.requestId, typeof request.via === 'string' ? request.via.slice(0, 40) : undefined);
  }

  @MessagePattern(subject(AppointmentPatterns.listOwn))
  listOwn(@Payload() request: RpcRequest<PageRequest>) {
    return this.reads.listOwn(requirePrincipal(request), request.payload ?? {}, request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.familyMemberAppointments))
  listForMember(@Payload() request: RpcRequest<PageRequest & { member_id?: number }>) {
    return this.reads.listForMember(requirePrincipal(request), request.payload ?? {}, request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.listForDoctor))
  listForDoctor(@Payload() request: RpcRequest<PageRequest>) {
    return this.reads.listForDoctor(requirePrincipal(request), request.payload ?? {}, request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.listAll))
  listAll(@Payload() request: RpcRequest<ListAllPayload>) {
    return this.reads.listAll(requirePrincipal(request), request.payload ?? {}, request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.stats))
  stats(@Payload() request: RpcRequest) {
    return this.reads.stats(requirePrincipal(request), request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.update))
  update(@Payload() request: RpcRequest<UpdateAppointmentPayload>) {
    return this.changes.update(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.reschedule))
  reschedule(@Payload() request: RpcRequest<ReschedulePayload>) {
    return this.rescheduling.reschedule(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.setStatus))
  setStatus(@Payload() request: RpcRequest<SetStatusPayload>) {
    return this.changes.setStatus(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.override))
  override(@Payload() request: RpcRequest<SetStatusPayload>) {
    return this.changes.setStatus(requirePrincipal(request), request.payload, request.requestId, true);
  }

  @MessagePattern(subject(AppointmentPatterns.setAmount))
  setAmount(@Payload() request: RpcRequest<SetAmountPayload>) {
    return this.changes.setAmount(requirePrincipal(request), request.payload, request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.remove))
  remove(@Payload() request: RpcRequest<AppointmentIdPayload>) {
    return this.changes.remove(requirePrincipal(request), request.payload.id, request.requestId);
  }

  @MessagePattern(subject(AppointmentPatterns.dataExport))
  dataExport(@Payload() request: RpcRequest) {
    return this.reads.dataExport(requirePrincipal(request));
  }

  @MessagePattern(subject(AppointmentPatterns.rate))
  rate(@Payload() request: RpcRequest<RatePayload>) {
    return this.changes.rate(requirePrincipal(request), request.payload);
  }
}

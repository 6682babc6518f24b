import { Body, Controller, Get, Param, Patch, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { JsonText, subject } from '@afya/service-shared';
import { createZodDto } from 'nestjs-zod';
import {
  AdminAppointmentsQuerySchema,
  AdminDoctorListReply,
  AdminSearchPayload,
  AdminSearchReply,
  AppointmentPatterns,
  ApproveDoctorBodySchema,
  ApproveDoctorReply,
} from '@afya/appointment-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { sendJsonText } from './appointments.controller';
import { KeysReply } from '../../common/http/reply-docs';

const ALL = (value: unknown) => value === undefined || value === '' || value === 'all';

/** GET /admin/appointments: search (patient, doctor, number or status), status, date (all, today, upcoming, past or YYYY-MM-DD), page. */
export class AdminAppointmentsQuery extends createZodDto(AdminAppointmentsQuerySchema) {}
class ApproveDoctorDto extends createZodDto(ApproveDoctorBodySchema) {}

export function adminSearchPayload(query: AdminAppointmentsQuery): AdminSearchPayload {
  return {
    search: query.search?.trim() || undefined,
    status: ALL(query.status) ? undefined : (query.status as AdminSearchPayload['status']),
    date: ALL(query.date) ? undefined : query.date,
    page: query.page,
    limit: query.limit,
    offset: query.offset,
  };
}

/** Admin routes of the appointment domain: all appointments, doctors and their approval. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class AdminAppointmentsController {
  constructor(private readonly bus: ServiceClient) {}

  /** One page of every appointment matching the filters, with the total: {appointments, total, page, limit}. */
  @KeysReply<AdminSearchReply>(200, 'appointments')
  @Get('appointments')
  appointments(@Query() query: AdminAppointmentsQuery, @CurrentCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | Uint8Array> {
    return sendJsonText(reply, this.bus.send<JsonText>(subject(AppointmentPatterns.adminSearch), adminSearchPayload(query), caller));
  }

  /** Every doctor profile with its approval state (awaiting approval first) and the pending count. */
  @KeysReply<AdminDoctorListReply>(200, 'doctors')
  @Get('doctors')
  doctors(@CurrentCaller() caller: Caller): Promise<AdminDoctorListReply> {
    return this.bus.send(subject(AppointmentPatterns.adminDoctors), {}, caller);
  }

  /** The doctor becomes bookable (doctor.approved). Optional body: specialization, available_days. */
  @Patch('doctors/:id/approve')
  approve(@Param('id', IdParam) id: number, @Body() body: ApproveDoctorDto, @CurrentCaller() caller: Caller) {
    return this.bus.send<ApproveDoctorReply>(subject(AppointmentPatterns.approveDoctor), { doctor_id: id, ...body }, caller);
  }
}

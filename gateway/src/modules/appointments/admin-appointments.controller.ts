import { Body, Controller, Get, Param, Patch, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { JsonText, subject } from '@afya/service-shared';
import { AdminDoctorListReply, AppointmentPatterns, ApproveDoctorReply } from '@afya/appointment-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { listAllPayload, sendJsonText } from './appointments.controller';
import { ApproveDoctorDto, ListAllQuery } from './dto/appointments.dto';

/** Admin routes of the appointment domain: all appointments, doctors and their approval. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin')
export class AdminAppointmentsController {
  constructor(private readonly bus: ServiceClient) {}

  @Get('appointments')
  appointments(@Query() query: ListAllQuery, @CurrentCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | Uint8Array> {
    return sendJsonText(reply, this.bus.send<JsonText>(subject(AppointmentPatterns.listAll), listAllPayload(query), caller));
  }

  /** Every doctor profile with its approval state (awaiting approval first) and the pending count. */
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

import { Body, Controller, Get, Param, Patch, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { JsonText, subject } from '@afya/service-shared';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';
import { AdminDoctorListReply, AdminSearchPayload, AdminSearchReply, AppointmentPatterns, ApproveDoctorReply } from '@afya/appointment-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { sendJsonText } from './appointments.controller';
import { ApproveDoctorDto, ListAllQuery } from './dto/appointments.dto';
import { KeysReply } from '../../common/http/reply-docs';

const toInteger = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value);
const ALL = (value: unknown) => value === undefined || value === '' || value === 'all';

/** GET /admin/appointments: search (patient, doctor, number or status), status, date (all, today, upcoming, past or YYYY-MM-DD), page. */
export class AdminAppointmentsQuery extends ListAllQuery {
  @ApiPropertyOptional({ description: 'Patient name, doctor name, appointment number or status' })
  @IsOptional()
  @MaxLength(100, { message: 'Search is too long' })
  @IsString()
  search?: string;

  @ApiPropertyOptional({ description: 'all, today, upcoming, past or YYYY-MM-DD' })
  @IsOptional()
  @Matches(/^(all|today|upcoming|past|\d{4}-\d{2}-\d{2})$/, { message: 'date must be today, upcoming, past or a date (YYYY-MM-DD)' })
  date?: string;

  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Transform(toInteger)
  @Min(1, { message: 'page must be 1 or more' })
  @IsInt({ message: 'page must be 1 or more' })
  page?: number;
}

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

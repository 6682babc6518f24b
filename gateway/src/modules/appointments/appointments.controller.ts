import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { JsonText, subject } from '@afya/service-shared';
import {
  AppointmentChangeReply,
  AppointmentPatterns,
  AppointmentReply,
  AvailabilityReply,
  BookPayload,
  DeleteAppointmentReply,
  DoctorListReply,
  RatingReply,
  StatsReply,
} from '@afya/appointment-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import {
  AmountDto,
  AvailabilityQuery,
  BookAppointmentDto,
  ListAllQuery,
  RatingDto,
  StatusDto,
  UpdateAppointmentDto,
} from './dto/appointments.dto';

/**
 * The appointment lists arrive as JSON text built by the service (JsonText): sent on as they are,
 * never parsed and serialized again (the hot read path).
 */
export async function sendJsonText(reply: FastifyReply, text: Promise<JsonText>): Promise<string | Uint8Array> {
  const { body } = await text;
  reply.header('content-type', 'application/json; charset=utf-8');
  return body;
}

/**
 * CONTRACT.md §7 'Appointments'. Roles per section 6 and CONTRACT.md §10.1; the service checks
 * ownership again (other people's appointments answer 404).
 */
@ApiTags('appointments')
@ApiBearerAuth()
@Controller('appointments')
export class AppointmentsController {
  constructor(private readonly bus: ServiceClient) {}

  /** Patients book; the amount is the doctor's fee (or the type's default); 409 when the slot was just taken. */
  @Roles('user')
  @Post()
  book(@Body() body: BookAppointmentDto, @CurrentCaller() caller: Caller): Promise<AppointmentChangeReply> {
    const payload: BookPayload = {
      doctor_id: body.doctor_id,
      appointment_date: body.appointment_date,
      time_slot: body.time_slot,
      appointment_type: body.appointment_type,
      notes: body.notes,
    };
    return this.bus.send(subject(AppointmentPatterns.book), payload, caller);
  }

  /** Own appointments: a patient's bookings, a doctor's patients' bookings (admins: all, newest first). */
  @Get()
  listOwn(@CurrentCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | Uint8Array> {
    return sendJsonText(reply, this.bus.send<JsonText>(subject(AppointmentPatterns.listOwn), {}, caller));
  }

  /** The booking screen's slots of one doctor and date: {slots:[{time_slot, available}]}. */
  @Get('availability')
  availability(@Query() query: AvailabilityQuery, @CurrentCaller() caller: Caller): Promise<AvailabilityReply> {
    return this.bus.send(subject(AppointmentPatterns.availability), { doctor_id: query.doctor_id, date: query.date }, caller);
  }

  @Get('stats')
  stats(@CurrentCaller() caller: Caller): Promise<StatsReply> {
    return this.bus.send(subject(AppointmentPatterns.stats), {}, caller);
  }

  /** Patients and doctors see approved doctors; admins every active profile with its approval state. */
  @Get('doctors')
  doctors(@CurrentCaller() caller: Caller): Promise<DoctorListReply> {
    return this.bus.send(subject(AppointmentPatterns.listDoctors), {}, caller);
  }

  @Roles('doctor')
  @Get('doctor')
  forDoctor(@CurrentCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | Uint8Array> {
    return sendJsonText(reply, this.bus.send<JsonText>(subject(AppointmentPatterns.listForDoctor), {}, caller));
  }

  @Roles('admin')
  @Get('admin/all')
  all(@Query() query: ListAllQuery, @CurrentCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | Uint8Array> {
    return sendJsonText(reply, this.bus.send<JsonText>(subject(AppointmentPatterns.listAll), listAllPayload(query), caller));
  }

  @Get(':id')
  get(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<AppointmentReply> {
    return this.bus.send(subject(AppointmentPatterns.get), { id }, caller);
  }

  /**
   * Clinical fields (diagnosis, treatment, medications, notes, duration): the appointment's doctor or an admin.
   * The service answers a patient 403 itself, so the refused attempt lands in the audit trail.
   */
  @Patch(':id')
  update(@Param('id', IdParam) id: number, @Body() body: UpdateAppointmentDto, @CurrentCaller() caller: Caller): Promise<AppointmentReply> {
    return this.bus.send(subject(AppointmentPatterns.update), { id, changes: body }, caller);
  }

  /** Admin: any status. Doctor: own appointments. Patient: cancel own Pending/Confirmed, 24 hours ahead. */
  @Patch(':id/status')
  status(@Param('id', IdParam) id: number, @Body() body: StatusDto, @CurrentCaller() caller: Caller): Promise<AppointmentChangeReply> {
    return this.bus.send(subject(AppointmentPatterns.setStatus), { id, status: body.status }, caller);
  }

  @Roles('admin')
  @Patch(':id/override')
  override(@Param('id', IdParam) id: number, @Body() body: StatusDto, @CurrentCaller() caller: Caller): Promise<AppointmentChangeReply> {
    return this.bus.send(subject(AppointmentPatterns.override), { id, status: body.status }, caller);
  }

  @Roles('admin')
  @Patch(':id/amount')
  amount(@Param('id', IdParam) id: number, @Body() body: AmountDto, @CurrentCaller() caller: Caller): Promise<AppointmentChangeReply> {
    return this.bus.send(subject(AppointmentPatterns.setAmount), { id, total_amount: body.total_amount }, caller);
  }

  @Roles('admin')
  @Delete(':id')
  remove(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<DeleteAppointmentReply> {
    return this.bus.send(subject(AppointmentPatterns.remove), { id }, caller);
  }

  /** The patient rates their own Completed appointment once (1-5, optional comment). */
  @Roles('user')
  @Post(':id/rating')
  rate(@Param('id', IdParam) id: number, @Body() body: RatingDto, @CurrentCaller() caller: Caller): Promise<RatingReply> {
    return this.bus.send(subject(AppointmentPatterns.rate), { id, rating: body.rating, comment: body.comment }, caller);
  }
}

export function listAllPayload(query: ListAllQuery) {
  return {
    limit: query.limit,
    offset: query.offset,
    status: query.status && query.status !== 'all' ? query.status : undefined,
  };
}

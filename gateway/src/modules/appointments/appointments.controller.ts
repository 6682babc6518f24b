import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { JsonText, subject } from '@afya/service-shared';
import { createZodDto } from 'nestjs-zod';
import {
  AmountBodySchema,
  AppointmentChangeReply,
  AppointmentChangeReplySchema,
  AppointmentPatterns,
  AppointmentReply,
  AppointmentReplySchema,
  AppointmentViewSchema,
  AvailabilityQuerySchema,
  AvailabilityReply,
  AvailabilityReplySchema,
  DeleteAppointmentReply,
  DeleteAppointmentReplySchema,
  DoctorListReply,
  ListAllPayload,
  ListAllQuerySchema,
  RatingBodySchema,
  RatingReply,
  RatingReplySchema,
  RescheduleBodySchema,
  StatsReply,
  StatsReplySchema,
  StatusBodySchema,
  UpdateAppointmentBodySchema,
} from '@afya/appointment-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { PageQueryDto, pageOfQuery, sendJsonList } from '../../common/http/list-reply';
import { KeysReply, ListOf, ReplyOf } from '../../common/http/reply-docs';

// The contracts' schemas as Nest parameter types (validation and /api/docs): nothing is restated here.
class AvailabilityQuery extends createZodDto(AvailabilityQuerySchema) {}
export class ListAllQuery extends createZodDto(ListAllQuerySchema) {}
class RescheduleDto extends createZodDto(RescheduleBodySchema) {}
export class StatusDto extends createZodDto(StatusBodySchema) {}
class AmountDto extends createZodDto(AmountBodySchema) {}
class UpdateAppointmentDto extends createZodDto(UpdateAppointmentBodySchema) {}
class RatingDto extends createZodDto(RatingBodySchema) {}

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

  /** One page of the caller's appointments from a list pattern (own or agenda), sent as the bare JSON array. */
  private pageOf(
    pattern: typeof AppointmentPatterns.listOwn | typeof AppointmentPatterns.listForDoctor,
    query: PageQueryDto,
    caller: Caller,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<string | Uint8Array> {
    const page = pageOfQuery(query);
    return sendJsonList(request, reply, this.bus.send<JsonText>(subject(pattern), page, caller), page);
  }

  // POST /appointments (book) and GET /appointments (listOwn) are declared in the appointment contracts (contracts/calls.ts)
  // and served from their declarations (common/calls).

  /** The booking screen's slots of one doctor and date: {slots:[{time_slot, available}]}. */
  @ReplyOf(200, AvailabilityReplySchema)
  @Get('availability')
  availability(@Query() query: AvailabilityQuery, @CurrentCaller() caller: Caller): Promise<AvailabilityReply> {
    return this.bus.send(subject(AppointmentPatterns.availability), { doctor_id: query.doctor_id, date: query.date }, caller);
  }

  @ReplyOf(200, StatsReplySchema)
  @Get('stats')
  stats(@CurrentCaller() caller: Caller): Promise<StatsReply> {
    return this.bus.send(subject(AppointmentPatterns.stats), {}, caller);
  }

  /** Patients and doctors see approved doctors; admins every active profile with its approval state. */
  @KeysReply<DoctorListReply>(200, 'doctors')
  @Get('doctors')
  doctors(@CurrentCaller() caller: Caller): Promise<DoctorListReply> {
    return this.bus.send(subject(AppointmentPatterns.listDoctors), {}, caller);
  }

  @Roles('doctor')
  @ListOf(AppointmentViewSchema)
  @Get('doctor')
  forDoctor(
    @Query() query: PageQueryDto,
    @CurrentCaller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | Uint8Array> {
    return this.pageOf(AppointmentPatterns.listForDoctor, query, caller, request, reply);
  }

  @Roles('admin')
  @ListOf(AppointmentViewSchema)
  @Get('admin/all')
  all(
    @Query() query: ListAllQuery,
    @CurrentCaller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | Uint8Array> {
    const payload = listAllPayload(query);
    return sendJsonList(request, reply, this.bus.send<JsonText>(subject(AppointmentPatterns.listAll), payload, caller), pageOfQuery(query));
  }

  @ReplyOf(200, AppointmentReplySchema)
  @Get(':id')
  get(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<AppointmentReply> {
    return this.bus.send(subject(AppointmentPatterns.get), { id }, caller);
  }

  /**
   * Clinical fields (diagnosis, treatment, medications, notes, duration): the appointment's doctor or an admin.
   * The service answers a patient 403 itself, so the refused attempt lands in the audit trail.
   */
  @ReplyOf(200, AppointmentReplySchema)
  @Patch(':id')
  update(@Param('id', IdParam) id: number, @Body() body: UpdateAppointmentDto, @CurrentCaller() caller: Caller): Promise<AppointmentReply> {
    return this.bus.send(subject(AppointmentPatterns.update), { id, changes: body }, caller);
  }

  /** Admin: any status. Doctor: own appointments. Patient: cancel own Pending/Confirmed, 24 hours ahead. */
  @ReplyOf(200, AppointmentChangeReplySchema)
  @Patch(':id/status')
  status(@Param('id', IdParam) id: number, @Body() body: StatusDto, @CurrentCaller() caller: Caller): Promise<AppointmentChangeReply> {
    return this.bus.send(subject(AppointmentPatterns.setStatus), { id, status: body.status }, caller);
  }

  /** The patient moves their own Pending or Confirmed visit to another free slot of the same doctor, 24 h or more ahead. */
  @Roles('user')
  @ReplyOf(200, AppointmentChangeReplySchema)
  @Patch(':id/reschedule')
  reschedule(@Param('id', IdParam) id: number, @Body() body: RescheduleDto, @CurrentCaller() caller: Caller): Promise<AppointmentChangeReply> {
    return this.bus.send(subject(AppointmentPatterns.reschedule), { id, appointment_date: body.appointment_date, time_slot: body.time_slot }, caller);
  }

  @Roles('admin')
  @ReplyOf(200, AppointmentChangeReplySchema)
  @Patch(':id/override')
  override(@Param('id', IdParam) id: number, @Body() body: StatusDto, @CurrentCaller() caller: Caller): Promise<AppointmentChangeReply> {
    return this.bus.send(subject(AppointmentPatterns.override), { id, status: body.status }, caller);
  }

  @Roles('admin')
  @ReplyOf(200, AppointmentChangeReplySchema)
  @Patch(':id/amount')
  amount(@Param('id', IdParam) id: number, @Body() body: AmountDto, @CurrentCaller() caller: Caller): Promise<AppointmentChangeReply> {
    return this.bus.send(subject(AppointmentPatterns.setAmount), { id, total_amount: body.total_amount }, caller);
  }

  @Roles('admin')
  @ReplyOf(200, DeleteAppointmentReplySchema)
  @Delete(':id')
  remove(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<DeleteAppointmentReply> {
    return this.bus.send(subject(AppointmentPatterns.remove), { id }, caller);
  }

  /** The patient rates their own Completed appointment once (1-5, optional comment). */
  @Roles('user')
  @ReplyOf(201, RatingReplySchema)
  @Post(':id/rating')
  rate(@Param('id', IdParam) id: number, @Body() body: RatingDto, @CurrentCaller() caller: Caller): Promise<RatingReply> {
    return this.bus.send(subject(AppointmentPatterns.rate), { id, rating: body.rating, comment: body.comment }, caller);
  }
}

export function listAllPayload(query: ListAllQuery): ListAllPayload {
  return {
    ...pageOfQuery(query),
    status: query.status && query.status !== 'all' ? query.status : undefined,
  };
}

import { BadRequestException, Body, Controller, Delete, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { subject } from '@afya/service-shared';
import { AppointmentChangeReply, AppointmentPatterns } from '@afya/appointment-service/contracts';
import {
  AccessLogQuerySchema,
  AccessLogReply,
  ClinicalEditBodySchema,
  MedicalHistoryAggregateReply,
  MedicalHistoryReply,
  MedicalHistorySelfReply,
  PatientHistoryQuerySchema,
  PrescriptionMessages,
  PrescriptionPatterns,
  RemoveRecordBodySchema,
} from '@afya/prescription-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { KeysReply } from '../../common/http/reply-docs';

class AccessLogQuery extends createZodDto(AccessLogQuerySchema) {}
class PatientHistoryQuery extends createZodDto(PatientHistoryQuerySchema) {}
class ClinicalEditDto extends createZodDto(ClinicalEditBodySchema) {}
class RemoveRecordDto extends createZodDto(RemoveRecordBodySchema) {}

/** Parses 'appt-12' (the only editable record kind): anything else is 'Invalid record type.'. */
function appointmentRecordId(recordId: string): number | undefined {
  const match = /^appt-([1-9][0-9]{0,9})$/.exec(recordId);
  return match && Number(match[1]) <= 2_147_483_647 ? Number(match[1]) : undefined;
}

/** CONTRACT.md §7 'Medical history' with §10's rules (edit: doctors and admins; delete: admins). */
@ApiTags('medical-history')
@ApiBearerAuth()
@Controller('medical-history')
export class MedicalHistoryController {
  constructor(private readonly bus: ServiceClient) {}

  /** Admins: every patient's records ({history: {appointments, prescriptions}}). */
  @Roles('admin')
  @KeysReply<MedicalHistoryAggregateReply>(200, 'history')
  @Get()
  all(@CurrentCaller() caller: Caller): Promise<MedicalHistoryAggregateReply> {
    return this.bus.send(subject(PrescriptionPatterns.historyAll), {}, caller);
  }

  /** A patient's own records; a doctor's own appointments' records and the prescriptions they issued. */
  @Roles('user', 'doctor')
  @KeysReply<MedicalHistorySelfReply>(200, 'appointments', 'prescriptions')
  @Get('self')
  self(@CurrentCaller() caller: Caller): Promise<MedicalHistorySelfReply> {
    return this.bus.send(subject(PrescriptionPatterns.historySelf), {}, caller);
  }

  /** Who viewed or changed the signed-in patient's records (admins: any patient's with ?user_id=). */
  @Roles('user', 'admin')
  @Get('access-log')
  accessLog(@Query() query: AccessLogQuery, @CurrentCaller() caller: Caller): Promise<AccessLogReply> {
    return this.bus.send(subject(PrescriptionPatterns.accessLog), { page: query.page, limit: query.limit, user_id: query.user_id }, caller);
  }

  /** A patient's records: themself, an admin, a doctor in a care relationship (who may name their visit: ?appointment_id=). */
  @KeysReply<MedicalHistoryReply>(200, 'records')
  @Get('user/:userId')
  user(@Param('userId', IdParam) userId: number, @Query() query: PatientHistoryQuery, @CurrentCaller() caller: Caller): Promise<MedicalHistoryReply> {
    const visit = query.appointment_id === undefined ? {} : { appointment_id: query.appointment_id };
    return this.bus.send(subject(PrescriptionPatterns.historyUser), { user_id: userId, ...visit }, caller);
  }

  /** Edit an appointment record's diagnosis, treatment and notes (the appointment service checks and audits it). */
  @Roles('doctor', 'admin')
  @Patch(':recordId')
  edit(@Param('recordId') recordId: string, @Body() body: ClinicalEditDto, @CurrentCaller() caller: Caller): Promise<AppointmentChangeReply> {
    const id = appointmentRecordId(recordId);
    if (id === undefined) return Promise.reject(badRequest(PrescriptionMessages.invalidRecordType));
    const changes = Object.fromEntries(Object.entries({ diagnosis: body.diagnosis, treatment: body.treatment, notes: body.notes }).filter(([, v]) => v !== undefined));
    return this.bus.send(subject(AppointmentPatterns.update), { id, changes }, caller);
  }

  /** Admins: soft delete with a reason, audited. */
  @Roles('admin')
  @Delete(':recordId')
  remove(@Param('recordId') recordId: string, @Body() body: RemoveRecordDto, @CurrentCaller() caller: Caller): Promise<{ message: string }> {
    return this.bus.send(subject(PrescriptionPatterns.historyRemove), { record_id: recordId, reason: body?.reason ?? '' }, caller);
  }
}

function badRequest(message: string) {
  return new BadRequestException(message);
}

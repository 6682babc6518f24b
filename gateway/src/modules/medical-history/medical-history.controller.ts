import { BadRequestException, Body, Controller, Delete, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { subject } from '@afya/service-shared';
import { AppointmentChangeReply, AppointmentPatterns } from '@afya/appointment-service/contracts';
import { ClinicalEditBodySchema, PrescriptionMessages, PrescriptionPatterns, RemoveRecordBodySchema } from '@afya/prescription-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';

class ClinicalEditDto extends createZodDto(ClinicalEditBodySchema) {}
class RemoveRecordDto extends createZodDto(RemoveRecordBodySchema) {}

/** Parses 'appt-12' (the only editable record kind): anything else is 'Invalid record type.'. */
function appointmentRecordId(recordId: string): number | undefined {
  const match = /^appt-([1-9][0-9]{0,9})$/.exec(recordId);
  return match && Number(match[1]) <= 2_147_483_647 ? Number(match[1]) : undefined;
}

/**
 * CONTRACT.md §7 'Medical history' with §10's rules (edit: doctors and admins; delete: admins). The reads are declared
 * in the prescription contract (PrescriptionCalls.history*, accessLog; decision 0095); the edit and the removal of a
 * record stay here (the record id is parsed here, the edit goes to the appointment service as `{id, changes}`).
 */
@ApiTags('medical-history')
@ApiBearerAuth()
@Controller('medical-history')
export class MedicalHistoryController {
  constructor(private readonly bus: ServiceClient) {}

  /** Edit an appointment record's diagnosis, treatment and notes (the appointment service checks and audits it). */
  @Roles('doctor', 'admin')
  @ApiOperation({ summary: 'Edit an appointment record\'s diagnosis, treatment and notes (the appointment service checks and audits it)' })
  @Patch(':recordId')
  edit(@Param('recordId') recordId: string, @Body() body: ClinicalEditDto, @CurrentCaller() caller: Caller): Promise<AppointmentChangeReply> {
    const id = appointmentRecordId(recordId);
    if (id === undefined) return Promise.reject(badRequest(PrescriptionMessages.invalidRecordType));
    const changes = Object.fromEntries(Object.entries({ diagnosis: body.diagnosis, treatment: body.treatment, notes: body.notes }).filter(([, v]) => v !== undefined));
    return this.bus.send(subject(AppointmentPatterns.update), { id, changes }, caller);
  }

  /** Admins: soft delete with a reason, audited. */
  @Roles('admin')
  @ApiOperation({ summary: 'Delete a medical record with a reason, audited (admins)' })
  @Delete(':recordId')
  remove(@Param('recordId') recordId: string, @Body() body: RemoveRecordDto, @CurrentCaller() caller: Caller): Promise<{ message: string }> {
    return this.bus.send(subject(PrescriptionPatterns.historyRemove), { record_id: recordId, reason: body?.reason ?? '' }, caller);
  }
}

function badRequest(message: string) {
  return new BadRequestException(message);
}

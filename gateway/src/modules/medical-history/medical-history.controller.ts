import { Body, Controller, Delete, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { subject } from '@afya/service-shared';
import { PrescriptionPatterns, RemoveRecordBodySchema } from '@afya/prescription-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';

class RemoveRecordDto extends createZodDto(RemoveRecordBodySchema) {}

/**
 * CONTRACT.md §7 'Medical history' with §10's rules (edit: doctors and admins; delete: admins). The reads are declared
 * in the prescription contract (PrescriptionCalls.history*, accessLog; decision 0095), the edit of a record in the
 * appointment contract (AppointmentCalls.editRecord, handled by medical-history.calls.ts); the removal stays here.
 */
@ApiTags('medical-history')
@ApiBearerAuth()
@Controller('medical-history')
export class MedicalHistoryController {
  constructor(private readonly bus: ServiceClient) {}

  /** Admins: soft delete with a reason, audited. */
  @Roles('admin')
  @ApiOperation({ summary: 'Delete a medical record with a reason, audited (admins)' })
  @Delete(':recordId')
  remove(@Param('recordId') recordId: string, @Body() body: RemoveRecordDto, @CurrentCaller() caller: Caller): Promise<{ message: string }> {
    return this.bus.send(subject(PrescriptionPatterns.historyRemove), { record_id: recordId, reason: body?.reason ?? '' }, caller);
  }
}

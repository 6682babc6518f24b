import { Body, Controller, Delete, Get, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { BinaryTransfer, subject } from '@afya/service-shared';
import {
  DeletePrescriptionReply,
  PrescriptionListReply,
  PrescriptionPatterns,
  PrescriptionPdfReply,
  PrescriptionReply,
  WritableAppointmentsReply,
} from '@afya/prescription-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { CreatePrescriptionDto, DeleteReasonDto, UpdatePrescriptionDto } from './prescriptions.dto';

/**
 * CONTRACT.md §7 'Prescriptions'. Roles here; ownership in the service (other people's prescriptions answer 404).
 * Literal paths are declared before ':id'.
 */
@ApiTags('prescriptions')
@ApiBearerAuth()
@Controller('prescriptions')
export class PrescriptionsController {
  constructor(
    private readonly bus: ServiceClient,
    private readonly transfer: BinaryTransfer,
  ) {}

  /** The patient's own prescriptions, newest first. */
  @Roles('user')
  @Get('user')
  listUser(@CurrentCaller() caller: Caller): Promise<PrescriptionListReply> {
    return this.bus.send(subject(PrescriptionPatterns.listUser), {}, caller);
  }

  /** The prescriptions the doctor issued. */
  @Roles('doctor')
  @Get('doctor')
  listDoctor(@CurrentCaller() caller: Caller): Promise<PrescriptionListReply> {
    return this.bus.send(subject(PrescriptionPatterns.listDoctor), {}, caller);
  }

  /** Write Prescription's picker: the doctor's own, not cancelled appointments without a prescription. */
  @Roles('doctor')
  @Get('writable-appointments')
  writable(@CurrentCaller() caller: Caller): Promise<WritableAppointmentsReply> {
    return this.bus.send(subject(PrescriptionPatterns.writable), {}, caller);
  }

  /** The prescription of one appointment (View Prescription); 404 'No prescription found for this appointment.'. */
  @Get('appointment/:appointmentId')
  byAppointment(@Param('appointmentId', IdParam) appointmentId: number, @CurrentCaller() caller: Caller): Promise<PrescriptionReply> {
    return this.bus.send(subject(PrescriptionPatterns.byAppointment), { appointment_id: appointmentId }, caller);
  }

  /** Admins: all; doctors: those they may read; patients: their own. */
  @Get()
  listAll(@CurrentCaller() caller: Caller): Promise<PrescriptionListReply> {
    return this.bus.send(subject(PrescriptionPatterns.listAll), {}, caller);
  }

  @Roles('doctor')
  @Post()
  create(@Body() body: CreatePrescriptionDto, @CurrentCaller() caller: Caller): Promise<PrescriptionReply> {
    return this.bus.send(subject(PrescriptionPatterns.create), { appointment_id: body.appointment_id, medicines: body.medicines, notes: body.notes }, caller);
  }

  @Get(':id')
  get(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller): Promise<PrescriptionReply> {
    return this.bus.send(subject(PrescriptionPatterns.get), { id }, caller);
  }

  /** The prescription as a PDF (rendered by the service's warm browser); same access rules as the JSON. */
  @Get(':id/pdf')
  async pdf(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller, @Res() reply: FastifyReply): Promise<void> {
    const pdf = await this.bus.send<PrescriptionPdfReply>(subject(PrescriptionPatterns.pdf), { id }, caller, 20_000);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(await this.transfer.receive(pdf.file));
  }

  @Roles('doctor', 'admin')
  @Patch(':id')
  update(@Param('id', IdParam) id: number, @Body() body: UpdatePrescriptionDto, @CurrentCaller() caller: Caller): Promise<PrescriptionReply> {
    return this.bus.send(subject(PrescriptionPatterns.update), { id, medicines: body.medicines, notes: body.notes }, caller);
  }

  /** Admins only: a soft delete (kept, hidden), audited. */
  @Roles('admin')
  @Delete(':id')
  remove(@Param('id', IdParam) id: number, @Body() body: DeleteReasonDto, @CurrentCaller() caller: Caller): Promise<DeletePrescriptionReply> {
    return this.bus.send(subject(PrescriptionPatterns.remove), { id, reason: body?.reason }, caller);
  }
}

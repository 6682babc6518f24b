import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BinaryTransfer, subject } from '@afya/service-shared';
import { PrescriptionListReply, PrescriptionPatterns, PrescriptionPdfReply, PrescriptionView } from '@afya/prescription-service/contracts';
import { Roles } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';
import { PageQueryDto, pageOfQuery, sendList } from '../../common/http/list-reply';
import { ListReply } from '../../common/http/reply-docs';

/**
 * CONTRACT.md §7 'Prescriptions'. Roles here; ownership in the service (other people's prescriptions answer 404).
 * Literal paths are declared before ':id'. The picker, the appointment's prescription, writing, changing and deleting
 * are declared in the prescription contract (PrescriptionCalls, decision 0095), and so is one prescription
 * (prescriptions.calls.ts unwraps the reply's `prescription`); the lists and the PDF stay here.
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
  @ListReply<PrescriptionView>('prescription_id', 'appointment_id', 'doctor_id', 'patient_id', 'doctor_name', 'appointment_date', 'issued_at', 'updated_at', 'notes', 'medicines')
  @ApiOperation({ summary: 'The patient\'s own prescriptions, newest first' })
  @Get('user')
  listUser(@Query() query: PageQueryDto, @CurrentCaller() caller: Caller, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<PrescriptionView[]> {
    return this.list(PrescriptionPatterns.listUser, query, caller, request, reply);
  }

  /** The prescriptions the doctor issued. */
  @Roles('doctor')
  @ListReply<PrescriptionView>('prescription_id', 'appointment_id', 'doctor_id', 'patient_id', 'doctor_name', 'appointment_date', 'issued_at', 'updated_at', 'notes', 'medicines')
  @ApiOperation({ summary: 'The prescriptions the doctor issued' })
  @Get('doctor')
  listDoctor(@Query() query: PageQueryDto, @CurrentCaller() caller: Caller, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<PrescriptionView[]> {
    return this.list(PrescriptionPatterns.listDoctor, query, caller, request, reply);
  }

  /** Admins: all; doctors: those they may read; patients: their own. */
  @ListReply<PrescriptionView>('prescription_id', 'appointment_id', 'doctor_id', 'patient_id', 'doctor_name', 'appointment_date', 'issued_at', 'updated_at', 'notes', 'medicines')
  @ApiOperation({ summary: 'Prescriptions, one page (admins: all; doctors: those they may read; patients: their own)' })
  @Get()
  listAll(@Query() query: PageQueryDto, @CurrentCaller() caller: Caller, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<PrescriptionView[]> {
    return this.list(PrescriptionPatterns.listAll, query, caller, request, reply);
  }

  /** A list call: the bare array of one page, its total and neighbours in the headers. */
  private async list(pattern: string, query: PageQueryDto, caller: Caller, request: FastifyRequest, reply: FastifyReply): Promise<PrescriptionView[]> {
    const page = pageOfQuery(query);
    const { prescriptions, total } = await this.bus.send<PrescriptionListReply>(subject(pattern), page, caller);
    return sendList(request, reply, prescriptions, total, page);
  }

  /** The prescription as a PDF (rendered by the service's warm browser); same access rules as the JSON. */
  @ApiOperation({ summary: 'The prescription as a PDF (rendered by the service\'s warm browser)' })
  @Get(':id/pdf')
  async pdf(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller, @Res() reply: FastifyReply): Promise<void> {
    const pdf = await this.bus.send<PrescriptionPdfReply>(subject(PrescriptionPatterns.pdf), { id }, caller, 20_000);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(await this.transfer.receive(pdf.file));
  }
}

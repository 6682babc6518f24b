import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { BinaryTransfer, subject } from '@afya/service-shared';
import { PrescriptionPatterns, type PrescriptionPdfPayload, PrescriptionPdfReply } from '@afya/prescription-service/contracts';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import { IdParam } from '../../common/http/id-param.pipe';

/**
 * CONTRACT.md §7 'Prescriptions': the PDF (a file). Ownership in the service (other people's prescriptions answer 404).
 * Every other prescription call (the lists, the picker, the appointment's prescription, writing, changing, deleting,
 * one prescription: prescriptions.calls.ts unwraps the reply's `prescription`) is declared in the prescription contract
 * (PrescriptionCalls, decision 0095).
 */
@ApiTags('prescriptions')
@ApiBearerAuth()
@Controller('prescriptions')
export class PrescriptionsController {
  constructor(
    private readonly bus: ServiceClient,
    private readonly transfer: BinaryTransfer,
  ) {}

  /** The prescription as a PDF (rendered by the service's warm browser); same access rules as the JSON. */
  @ApiOperation({ summary: 'The prescription as a PDF (rendered by the service\'s warm browser)' })
  @Get(':id/pdf')
  async pdf(@Param('id', IdParam) id: number, @CurrentCaller() caller: Caller, @Res() reply: FastifyReply): Promise<void> {
    const pdf = await this.bus.send<PrescriptionPdfReply>(subject(PrescriptionPatterns.pdf), { id } satisfies PrescriptionPdfPayload, caller, 20_000);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(await this.transfer.receive(pdf.file));
  }
}

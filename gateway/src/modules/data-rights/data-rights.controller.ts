import { Controller, Get, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AccountExportReply, AuthPatterns } from '@afya/auth-service/contracts';
import { AppointmentPatterns, DataExportAppointmentsReply } from '@afya/appointment-service/contracts';
import { DataExportPaymentsReply, PaymentPatterns } from '@afya/payment-service/contracts';
import { DataExportArchive, DataExportPdfReply, DataExportRecordsReply, PrescriptionPatterns } from '@afya/prescription-service/contracts';
import { DataExportTicketsReply, SupportPatterns } from '@afya/support-service/contracts';
import { BinaryTransfer, subject } from '@afya/service-shared';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';

/**
 * Data rights (issue 22 item 6). Export: the gateway asks each service for the caller's part over the bus, in
 * parallel, as the caller (each service answers only with the caller's own data), and assembles the archive; the
 * prescription service renders its readable PDF. Erasure (auth keeps the requests and erases on approval) is declared in
 * auth's contracts (AuthCalls: erasureStatus, requestErasure, listErasures, decideErasure).
 */
@ApiTags('data rights')
@ApiBearerAuth()
@Controller()
export class DataRightsController {
  constructor(
    private readonly bus: ServiceClient,
    private readonly transfer: BinaryTransfer,
  ) {}

  private async archive(caller: Caller): Promise<DataExportArchive> {
    const [account, appointments, payments, records, tickets] = await Promise.all([
      this.bus.send<AccountExportReply>(subject(AuthPatterns.dataExport), {}, caller),
      this.bus.send<DataExportAppointmentsReply>(subject(AppointmentPatterns.dataExport), {}, caller),
      this.bus.send<DataExportPaymentsReply>(subject(PaymentPatterns.dataExport), {}, caller),
      this.bus.send<DataExportRecordsReply>(subject(PrescriptionPatterns.dataExport), {}, caller),
      this.bus.send<DataExportTicketsReply>(subject(SupportPatterns.dataExport), {}, caller),
    ]);
    return {
      format: 'afya-data-export',
      version: 1,
      generated_at: new Date().toISOString(),
      account: account.account,
      erasure_requests: account.erasure_requests,
      appointments: appointments.appointments,
      payments: payments.payments,
      prescriptions: records.prescriptions,
      medical_history: records.medical_history,
      tickets: tickets.tickets,
      access_log: records.access_log,
      password_resets: account.password_resets,
      signed_out_sessions: account.signed_out_sessions,
      doctor_profile: appointments.doctor_profile,
      waitlist_entries: appointments.waitlist_entries,
      waitlist_offers: appointments.waitlist_offers,
      lab_results: appointments.lab_results,
      removed_medical_records: records.removed_medical_records,
      message_preferences: tickets.message_preferences,
      messages: tickets.messages,
      vital_readings: records.vital_readings,
      vital_alerts: records.vital_alerts,
      family: account.family,
      attendance: appointments.attendance,
      insurance_covers: appointments.insurance_covers,
    };
  }

  /**
   * All the caller's data as one JSON file: everything held about them (profile, appointments, payments,
   * prescriptions, history, tickets, access log, waitlist, message preferences and deliveries...). Which table each
   * part comes from: gateway/test/data-rights/export-coverage.int.spec.ts.
   */
  @ApiOperation({ summary: 'All the caller\'s data as one JSON file' })
  @Get('user/data-export')
  async exportJson(@CurrentCaller() caller: Caller, @Res() reply: FastifyReply): Promise<void> {
    const archive = await this.archive(caller);
    await reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="afya-data-export-${archive.account.user_id}.json"`)
      .header('cache-control', 'private, no-store')
      .send(JSON.stringify(archive, null, 2));
  }

  /** The same data as a readable PDF. */
  @ApiOperation({ summary: 'The same data as a readable PDF' })
  @Get('user/data-export/pdf')
  async exportPdf(@CurrentCaller() caller: Caller, @Res() reply: FastifyReply): Promise<void> {
    const archive = await this.archive(caller);
    const bytes = Buffer.from(JSON.stringify(archive), 'utf8');
    const pdf = await this.bus.send<DataExportPdfReply>(subject(PrescriptionPatterns.dataExportPdf), { archive: await this.transfer.send(bytes) }, caller, 30_000);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(await this.transfer.receive(pdf.file));
  }
}

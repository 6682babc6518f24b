import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { badRequest, BinaryTransfer, NATS_CONNECTION, renderPdf, requestLanguage, requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import { DataExportArchive, DataExportPdfPayload, DataExportPdfReply, DataExportRecordsReply, PrescriptionPatterns } from '../../contracts';
import { AccessLog } from '../audit/access-log';
import { RECORDS_SQL, RecordRow, toRecord } from '../history/history.service';
import { PRESCRIPTION_SELECT, PrescriptionRow, toView } from '../prescriptions/prescriptions.service';
import { dataExportHtml } from './data-export-pdf';
import { vitalsExport } from '../vitals/vitals-export';

/**
 * The prescription service's part of a patient's data export (their prescriptions, medical history and access log),
 * and the export's readable PDF, rendered from the archive the gateway assembled (this service has the PDF renderer).
 * The caller's own data only: nobody exports someone else's.
 */
@Controller()
export class DataExportController {
  private readonly files: BinaryTransfer;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly accessLog: AccessLog,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
  ) {
    this.files = new BinaryTransfer(nc);
  }

  @MessagePattern(subject(PrescriptionPatterns.dataExport))
  async export(@Payload() r: RpcRequest): Promise<DataExportRecordsReply> {
    const caller = requirePrincipal(r);
    const patient = caller.userId;
    const prescriptions: PrescriptionRow[] = await this.dataSource.query(
      `${PRESCRIPTION_SELECT} WHERE p.patient_id = $1 AND p.deleted_at IS NULL ORDER BY p.issued_at, p.prescription_id`,
      [patient],
    );
    const history: RecordRow[] = await this.dataSource.query(RECORDS_SQL, [patient, null]);
    const removed: { record_id: string; reason: string; removed_at: Date }[] = await this.dataSource.query(
      `SELECT record_id, reason, removed_at FROM medical_record_removals WHERE patient_id = $1 ORDER BY removed_at, record_id`,
      [patient],
    );
    return {
      prescriptions: prescriptions.map(toView),
      medical_history: history.map(toRecord(caller)),
      access_log: await this.accessLog.all(patient),
      removed_medical_records: removed.map((r) => ({ record_id: r.record_id, reason: r.reason, removed_at: new Date(r.removed_at).toISOString() })),
      ...(await vitalsExport(this.dataSource, patient)),
    };
  }

  @MessagePattern(subject(PrescriptionPatterns.dataExportPdf))
  async pdf(@Payload() r: RpcRequest<DataExportPdfPayload>): Promise<DataExportPdfReply> {
    const caller = requirePrincipal(r);
    if (!r.payload?.archive) throw badRequest('The export archive is missing');
    const archive = JSON.parse((await this.files.receive(r.payload.archive)).toString('utf8')) as DataExportArchive;
    // The gateway assembled it for this caller; an archive of someone else is refused, whoever sent it.
    if (archive?.format !== 'afya-data-export' || archive.account?.user_id !== caller.userId) throw badRequest('The export archive is not the caller’s');
    // In the requester's language (the gateway carries Accept-Language in the request context), like the receipt and
    // the prescription.
    const bytes = await renderPdf(dataExportHtml(archive, requestLanguage()));
    return { filename: `afya-data-export-${caller.userId}.pdf`, file: await this.files.send(bytes) };
  }
}

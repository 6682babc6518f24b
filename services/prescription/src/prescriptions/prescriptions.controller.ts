import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NatsConnection } from 'nats';
import type { PayloadOf } from '@afya/service-shared/calls';
import { BinaryTransfer, NATS_CONNECTION, PageRequest, renderPdf, requestLanguage, requirePrincipal, RpcRequest, subject } from '@afya/service-shared';
import {
  AccessLogPayload,
  CreatePrescriptionPayload,
  DeletePrescriptionPayload,
  HistoryRemovePayload,
  type PrescriptionCalls,
  PrescriptionPatterns,
  PrescriptionPdfPayload,
  PrescriptionPdfReply,
  UpdatePrescriptionPayload,
} from '../../contracts';
import { AccessLog } from '../audit/access-log';
import { HistoryService } from '../history/history.service';
import { prescriptionHtml } from '../pdf/prescription-pdf';
import { PrescriptionsService } from './prescriptions.service';

@Controller()
export class PrescriptionsController {
  private readonly files: BinaryTransfer;

  constructor(
    private readonly prescriptions: PrescriptionsService,
    private readonly history: HistoryService,
    private readonly accessLog: AccessLog,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
  ) {
    this.files = new BinaryTransfer(nc);
  }

  @MessagePattern(subject(PrescriptionPatterns.create))
  create(@Payload() r: RpcRequest<CreatePrescriptionPayload>) {
    return this.prescriptions.create(requirePrincipal(r), r.payload, r.requestId);
  }

  @MessagePattern(subject(PrescriptionPatterns.update))
  update(@Payload() r: RpcRequest<UpdatePrescriptionPayload>) {
    return this.prescriptions.update(requirePrincipal(r), r.payload, r.requestId);
  }

  @MessagePattern(subject(PrescriptionPatterns.remove))
  remove(@Payload() r: RpcRequest<DeletePrescriptionPayload>) {
    return this.prescriptions.remove(requirePrincipal(r), r.payload, r.requestId);
  }

  @MessagePattern(subject(PrescriptionPatterns.get))
  get(@Payload() r: RpcRequest<PayloadOf<typeof PrescriptionCalls.get>>) {
    return this.prescriptions.get(requirePrincipal(r), Number(r.payload?.id), r.requestId);
  }

  @MessagePattern(subject(PrescriptionPatterns.byAppointment))
  byAppointment(@Payload() r: RpcRequest<PayloadOf<typeof PrescriptionCalls.byAppointment>>) {
    return this.prescriptions.byAppointment(requirePrincipal(r), Number(r.payload?.appointment_id), r.requestId);
  }

  /** The PDF: same access rules as the JSON; audited as 'downloaded' before the bytes leave. */
  @MessagePattern(subject(PrescriptionPatterns.pdf))
  async pdf(@Payload() r: RpcRequest<PrescriptionPdfPayload>): Promise<PrescriptionPdfReply> {
    const actor = requirePrincipal(r);
    const view = await this.prescriptions.readable(this.prescriptionsManager(), actor, Number(r.payload?.id), false, r.requestId);
    const bytes = await renderPdf(prescriptionHtml(view, requestLanguage()));
    await this.accessLog.record(actor, 'downloaded', 'prescription_pdf', `Prescription ${view.prescription_number} (PDF)`, [view.patient_id], {
      requestId: r.requestId,
    });
    return { filename: `prescription-${view.prescription_number}.pdf`, file: await this.files.send(bytes) };
  }

  @MessagePattern(subject(PrescriptionPatterns.listUser))
  listUser(@Payload() r: RpcRequest<PageRequest>) {
    return this.prescriptions.listUser(requirePrincipal(r), r.payload ?? {}, r.requestId);
  }

  @MessagePattern(subject(PrescriptionPatterns.listDoctor))
  listDoctor(@Payload() r: RpcRequest<PageRequest>) {
    return this.prescriptions.listDoctor(requirePrincipal(r), r.payload ?? {}, r.requestId);
  }

  @MessagePattern(subject(PrescriptionPatterns.listAll))
  listAll(@Payload() r: RpcRequest<PageRequest>) {
    return this.prescriptions.listAll(requirePrincipal(r), r.payload ?? {}, r.requestId);
  }

  @MessagePattern(subject(PrescriptionPatterns.writable))
  writable(@Payload() r: RpcRequest) {
    return this.prescriptions.writable(requirePrincipal(r));
  }

  @MessagePattern(subject(PrescriptionPatterns.historySelf))
  historySelf(@Payload() r: RpcRequest) {
    return this.history.self(requirePrincipal(r), r.requestId);
  }

  @MessagePattern(subject(PrescriptionPatterns.familyMemberPrescriptions))
  familyMemberPrescriptions(@Payload() r: RpcRequest<PayloadOf<typeof PrescriptionCalls.familyMemberPrescriptions>>) {
    return this.prescriptions.listForMember(requirePrincipal(r), r.payload ?? {}, r.requestId);
  }

  @MessagePattern(subject(PrescriptionPatterns.familyMemberHistory))
  familyMemberHistory(@Payload() r: RpcRequest<PayloadOf<typeof PrescriptionCalls.familyMemberHistory>>) {
    return this.history.forMember(requirePrincipal(r), r.payload ?? {}, r.requestId);
  }

  @MessagePattern(subject(PrescriptionPatterns.historyUser))
  historyUser(@Payload() r: RpcRequest<PayloadOf<typeof PrescriptionCalls.historyUser>>) {
    const appointmentId = r.payload?.appointment_id;
    return this.history.user(requirePrincipal(r), Number(r.payload?.user_id), r.requestId, appointmentId === undefined || appointmentId === null ? undefined : Number(appointmentId));
  }

  @MessagePattern(subject(PrescriptionPatterns.historyAll))
  historyAll(@Payload() r: RpcRequest) {
    return this.history.all(requirePrincipal(r), r.requestId);
  }

  @MessagePattern(subject(PrescriptionPatterns.historyRemove))
  historyRemove(@Payload() r: RpcRequest<HistoryRemovePayload>) {
    return this.history.remove(requirePrincipal(r), r.payload, r.requestId);
  }

  @MessagePattern(subject(PrescriptionPatterns.accessLog))
  accessLogList(@Payload() r: RpcRequest<AccessLogPayload>) {
    return this.accessLog.list(requirePrincipal(r), r.payload ?? {});
  }

  private prescriptionsManager() {
    return this.prescriptions.manager;
  }
}

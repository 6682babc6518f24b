import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import {
  BinaryTransfer,
  closePdfRenderer,
  formatClinicDate,
  formatKsh,
  html,
  rawHtml,
  MessageLanguage,
  NATS_CONNECTION,
  Principal,
  RECEIPT_TEXTS,
  renderPdf,
  requestLanguage,
  slotLabel,
} from '@afya/service-shared';
import { ReceiptReply } from '../../contracts';
import { PaymentRow } from './payment-store';
import { PaymentsService } from './payments.service';

/** A YYYY-MM-DD clinic day (noon, so no time zone moves it) or a timestamp. */
const clinicDay = (value: string) => new Date(value.length === 10 ? `${value}T12:00:00Z` : value);

/**
 * The receipt's HTML in the reader's language: Afya, patient, doctor, appointment, method, transaction/receipt
 * number, amount in Ksh, date (Intl, en-KE / sw-KE, Nairobi time). The title (the PDF's /Title) names the receipt
 * number and amount too, so tools can read them without a PDF parser.
 */
export function receiptHtml(row: PaymentRow, language: MessageLanguage = 'en'): string {
  const t = RECEIPT_TEXTS[language];
  const amount = formatKsh(row.amount, language);
  const number = `AFYA-${String(row.payment_id).padStart(6, '0')}`;
  const method = row.method === 'mpesa' ? t.methodMpesa : t.methodCard;
  const reference = row.method === 'mpesa' ? row.mpesa_receipt ?? row.checkout_request_id : row.stripe_session_id;
  const referenceLabel = row.method === 'mpesa' ? t.mpesaReceiptNumber : t.transactionId;
  const doctor = [row.doctor_first_name, row.doctor_last_name].filter(Boolean).join(' ');
  const appointmentDay = row.appointment_date ? `, ${formatClinicDate(clinicDay(String(row.appointment_date)), language)} ${row.time_slot ? slotLabel(row.time_slot, language) : ''}` : '';
  // The title in plain spaces (Intl puts a no-break space after "Ksh"): tools search it as text.
  return html`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${t.documentTitle(number, amount.replace(/\u00a0/g, ' '))}</title><style>
body{font-family:'Liberation Sans',Arial,sans-serif;color:#1f2937;font-size:12pt}
h1{color:#0f766e;margin:0;font-size:26pt}.muted{color:#6b7280}
table{width:100%;border-collapse:collapse;margin-top:18px}td{padding:8px 4px;border-bottom:1px solid #e5e7eb}td:first-child{color:#6b7280;width:40%}
.total{font-size:18pt;font-weight:700;color:#0f766e}.paid{display:inline-block;background:#dcfce7;color:#166534;padding:2px 10px;border-radius:10px;font-weight:600}
</style></head><body>
<h1>Afya</h1><div class="muted">${t.tagline}</div>
<h2 style="margin-top:28px">${t.heading} <span class="paid">${t.paid}</span></h2>
<table>
<tr><td>${t.receiptNumber}</td><td>${number}</td></tr>
<tr><td>${t.datePaid}</td><td>${row.paid_at ? formatClinicDate(new Date(row.paid_at), language, true) : ''}</td></tr>
<tr><td>${t.patient}</td><td>${row.patient_name ?? t.unnamedPatient(row.user_id)}</td></tr>
<tr><td>${t.doctor}</td><td>${doctor ? t.doctorName(doctor) : t.unnamedDoctor(row.doctor_id)}</td></tr>
<tr><td>${t.appointment}</td><td>#${row.appointment_id}${appointmentDay}</td></tr>
<tr><td>${t.paymentMethod}</td><td>${method}</td></tr>
<tr><td>${referenceLabel}</td><td>${reference ?? ''}</td></tr>
${row.cover_payer ? rawHtml(html`<tr><td>${t.payer}</td><td>${row.cover_payer}</td></tr>
<tr><td>${t.memberNumber}</td><td>${row.cover_member_masked ?? ''}</td></tr>
<tr><td>${t.visitFee}</td><td>${formatKsh(row.visit_fee ?? 0, language)}</td></tr>
<tr><td>${t.coverAmount}</td><td>${formatKsh(row.cover_amount ?? 0, language)}</td></tr>`) : ''}
<tr><td>${row.cover_payer ? t.youPaid : t.amount}</td><td class="total">${amount}</td></tr>
</table>
<p class="muted" style="margin-top:28px">${t.thanks}</p>
</body></html>`;
}

/** GET /payments/:id/receipt: the PDF in the requester's language, rendered by the process's one warm browser (services/shared/src/pdf). */
@Injectable()
export class ReceiptsService implements OnApplicationShutdown {
  private readonly transfer: BinaryTransfer;

  constructor(
    private readonly payments: PaymentsService,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
  ) {
    this.transfer = new BinaryTransfer(nc);
  }

  async receipt(caller: Principal, id: number): Promise<ReceiptReply> {
    const row = await this.payments.receiptRow(caller, id);
    // In the language of the person asking (the browser's Accept-Language, carried in the request context).
    const pdf = await renderPdf(receiptHtml(row, requestLanguage()));
    return { file: await this.transfer.send(pdf), filename: `afya-receipt-${row.payment_id}.pdf` };
  }

  async onApplicationShutdown(): Promise<void> {
    await closePdfRenderer();
  }
}

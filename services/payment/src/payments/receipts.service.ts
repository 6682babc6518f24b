import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { BinaryTransfer, closePdfRenderer, html, NATS_CONNECTION, Principal, renderPdf } from '@afya/service-shared';
import { ReceiptReply } from '../../contracts';
import { PaymentRow } from './payment-store';
import { PaymentsService } from './payments.service';

const ksh = (amount: number) => `Ksh ${amount.toLocaleString('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const nairobiDate = (value: Date | null) =>
  value ? new Date(value).toLocaleString('en-GB', { timeZone: 'Africa/Nairobi', dateStyle: 'long', timeStyle: 'short' }) : '';

/**
 * The receipt's HTML: Afya, patient, doctor, appointment, method, transaction/receipt number, amount in Ksh, date.
 * The title (the PDF's /Title) names the receipt number and amount too, so tools can read them without a PDF parser.
 */
export function receiptHtml(row: PaymentRow): string {
  const method = row.method === 'mpesa' ? 'M-Pesa' : 'Card (Stripe)';
  const reference = row.method === 'mpesa' ? row.mpesa_receipt ?? row.checkout_request_id : row.stripe_session_id;
  const referenceLabel = row.method === 'mpesa' ? 'M-Pesa receipt number' : 'Transaction ID';
  const doctor = [row.doctor_first_name, row.doctor_last_name].filter(Boolean).join(' ');
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Afya receipt AFYA-${String(row.payment_id).padStart(6, '0')}, ${ksh(row.amount)}</title><style>
body{font-family:'Liberation Sans',Arial,sans-serif;color:#1f2937;font-size:12pt}
h1{color:#0f766e;margin:0;font-size:26pt}.muted{color:#6b7280}
table{width:100%;border-collapse:collapse;margin-top:18px}td{padding:8px 4px;border-bottom:1px solid #e5e7eb}td:first-child{color:#6b7280;width:40%}
.total{font-size:18pt;font-weight:700;color:#0f766e}.paid{display:inline-block;background:#dcfce7;color:#166534;padding:2px 10px;border-radius:10px;font-weight:600}
</style></head><body>
<h1>Afya</h1><div class="muted">Medical appointments · Nairobi, Kenya</div>
<h2 style="margin-top:28px">Payment receipt <span class="paid">Paid</span></h2>
<table>
<tr><td>Receipt number</td><td>AFYA-${String(row.payment_id).padStart(6, '0')}</td></tr>
<tr><td>Date paid</td><td>${nairobiDate(row.paid_at)}</td></tr>
<tr><td>Patient</td><td>${row.patient_name ?? `Patient #${row.user_id}`}</td></tr>
<tr><td>Doctor</td><td>${doctor ? `Dr. ${doctor}` : `Doctor #${row.doctor_id}`}</td></tr>
<tr><td>Appointment</td><td>#${row.appointment_id}${row.appointment_date ? `, ${row.appointment_date} ${row.time_slot ?? ''}` : ''}</td></tr>
<tr><td>Payment method</td><td>${method}</td></tr>
<tr><td>${referenceLabel}</td><td>${reference ?? ''}</td></tr>
<tr><td>Amount</td><td class="total">${ksh(row.amount)}</td></tr>
</table>
<p class="muted" style="margin-top:28px">Thank you for choosing Afya. Keep this receipt for your records and insurance claims.</p>
</body></html>`;
}

/** GET /payments/:id/receipt: the PDF, rendered by the process's one warm browser (services/shared/src/pdf). */
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
    const pdf = await renderPdf(receiptHtml(row));
    return { file: await this.transfer.send(pdf), filename: `afya-receipt-${row.payment_id}.pdf` };
  }

  async onApplicationShutdown(): Promise<void> {
    await closePdfRenderer();
  }
}

import { html, rawHtml } from '@afya/service-shared';
import type { DataExportArchive } from '../../contracts';

const when = (value: string | null | undefined) =>
  value
    ? new Date(value.length === 10 ? `${value}T12:00:00Z` : value).toLocaleString('en-KE', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        ...(value.length === 10 ? {} : { hour: '2-digit', minute: '2-digit' }),
        timeZone: 'Africa/Nairobi',
      })
    : '—';
const ksh = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `Ksh ${Number(n).toLocaleString('en-KE')}`);
const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** One section: a heading, then a table, or a line saying there is nothing. */
function section(title: string, headers: string[], rows: unknown[][]): ReturnType<typeof rawHtml> {
  if (!rows.length) return rawHtml(html`<h2>${title}</h2><p class="muted">None.</p>`);
  const body = rows.map((row) => rawHtml(html`<tr>${row.map((cell) => rawHtml(html`<td>${text(cell)}</td>`))}</tr>`));
  return rawHtml(html`<h2>${title} (${rows.length})</h2><table><thead><tr>${headers.map((h) => rawHtml(html`<th>${h}</th>`))}</tr></thead><tbody>${body}</tbody></table>`);
}

/** The data export as a readable A4 document: every part of the JSON archive, as tables a person can read. */
export function dataExportHtml(a: DataExportArchive): string {
  const account = a.account;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Afya data export</title>
<style>
  body { font-family: 'Liberation Sans', Arial, sans-serif; color: #1f2937; font-size: 10.5px; }
  header { border-bottom: 3px solid #0f766e; padding-bottom: 8px; margin-bottom: 8px; }
  .clinic { font-size: 20px; font-weight: bold; color: #0f766e; }
  .muted { color: #6b7280; }
  h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #0f766e; margin: 16px 0 4px; }
  table { width: 100%; border-collapse: collapse; }
  th, td { border-bottom: 1px solid #e5e7eb; padding: 4px 5px; text-align: left; vertical-align: top; word-break: break-word; }
  th { background: #f0fdfa; }
  dl { display: grid; grid-template-columns: 140px 1fr; gap: 2px 8px; margin: 0; }
  dt { color: #6b7280; }
</style></head>
<body>
<header>
  <div class="clinic">Afya Clinic · Your data</div>
  <div class="muted">Everything Afya holds about your account, generated ${when(a.generated_at)}. The JSON archive has the same data in full.</div>
</header>
<h2>Profile</h2>
<dl>
  <dt>Name</dt><dd>${account.firstname} ${account.lastname}</dd>
  <dt>Email</dt><dd>${account.email}</dd>
  <dt>Phone</dt><dd>${text(account.contact_phone)}</dd>
  <dt>Address</dt><dd>${text(account.address)}</dd>
  <dt>Account</dt><dd>${account.role === 'user' ? 'Patient' : account.role} · ${account.status} · since ${when(account.created_at)}</dd>
  <dt>Last sign-in</dt><dd>${when(account.last_login)}</dd>
</dl>
${section(
  'Appointments',
  ['#', 'Date', 'Time', 'Doctor', 'Type', 'Status', 'Amount', 'Paid', 'Diagnosis', 'Treatment'],
  a.appointments.map((x) => [
    x.appointment_id,
    x.appointment_date,
    x.time_slot,
    `Dr. ${[x.doctor?.first_name, x.doctor?.last_name].filter(Boolean).join(' ')}`,
    x.appointment_type,
    x.appointment_status,
    ksh(x.total_amount),
    x.paid ? 'yes' : 'no',
    x.diagnosis,
    x.treatment,
  ]),
)}
${section(
  'Payments',
  ['#', 'Appointment', 'Method', 'Status', 'Amount', 'Receipt', 'Paid', 'Refunded'],
  a.payments.map((p) => [p.payment_id, p.appointment_id, p.method === 'mpesa' ? 'M-Pesa' : 'Card', p.payment_status, ksh(p.amount), p.mpesa_receipt, when(p.paid_at), when(p.refunded_at)]),
)}
${section(
  'Prescriptions',
  ['Number', 'Issued', 'Doctor', 'Medicines', 'Notes'],
  a.prescriptions.map((p) => [
    p.prescription_number,
    when(p.issued_at),
    p.doctor_name ? `Dr. ${p.doctor_name}` : null,
    p.medicines.map((m) => [m.name, m.dosage, m.frequency, m.instructions].filter(Boolean).join(' ')).join('; '),
    p.notes,
  ]),
)}
${section(
  'Medical history',
  ['Date', 'Record', 'Doctor', 'Diagnosis', 'Treatment', 'Notes'],
  a.medical_history.map((r) => [r.date, r.condition, r.doctor_name ? `Dr. ${r.doctor_name}` : null, r.diagnosis, r.treatment, r.notes]),
)}
${section(
  'Support tickets',
  ['#', 'Opened', 'Subject', 'Status', 'Messages'],
  a.tickets.map((t) => [t.complaint_id, when(t.created_at), t.subject, t.status, t.messages.map((m) => `${m.sender_name ?? m.sender_role}: ${m.message}`).join(' | ') || null]),
)}
${section(
  'Who accessed your records',
  ['When', 'Who', 'Role', 'Action', 'Record', 'Outcome'],
  a.access_log.map((e) => [when(e.at), `${e.actor_name ?? `#${e.actor_user_id}`}${e.via ? ` (through the ${e.via} service)` : ''}`, e.actor_role, e.action, e.record, e.outcome === 'success' ? 'shown' : 'refused']),
)}
${section(
  'Erasure requests',
  ['Requested', 'Status', 'Decided'],
  a.erasure_requests.map((r) => [when(r.requested_at), r.status, when(r.decided_at)]),
)}
</body></html>`;
}

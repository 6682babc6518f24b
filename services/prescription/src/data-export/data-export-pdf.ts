import { choiceLabel, DATA_EXPORT_TEXTS, html, MessageLanguage, rawHtml, slotLabel } from '@afya/service-shared';
import type { DataExportArchive, VitalReading } from '../../contracts';

const LOCALES: Record<MessageLanguage, string> = { en: 'en-KE', sw: 'sw-KE' };

/** A reading's values as written on a chart: '185/95 mmHg, 88 /min', '7 mmol/L (126 mg/dL typed)'. */
function readingText(r: VitalReading): string {
  const v = r.values;
  if (r.kind === 'blood_pressure') return `${v.systolic}/${v.diastolic} mmHg${v.heart_rate === undefined ? '' : `, ${v.heart_rate} /min`}`;
  const typed = r.entered_unit && r.entered_unit !== r.unit ? ` (${r.entered_value} ${r.entered_unit})` : '';
  return `${v[r.kind]} ${r.unit}${typed}`;
}

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** One section: a heading, then a table, or a line saying there is nothing. */
function section(title: string, none: string, headers: string[], rows: unknown[][]): ReturnType<typeof rawHtml> {
  if (!rows.length) return rawHtml(html`<h2>${title}</h2><p class="muted">${none}</p>`);
  const body = rows.map((row) => rawHtml(html`<tr>${row.map((cell) => rawHtml(html`<td>${text(cell)}</td>`))}</tr>`));
  return rawHtml(html`<h2>${title} (${rows.length})</h2><table><thead><tr>${headers.map((h) => rawHtml(html`<th>${h}</th>`))}</tr></thead><tbody>${body}</tbody></table>`);
}

/**
 * The data export as a readable A4 document in the reader's language: every part of the JSON archive, as tables a
 * person can read. Fixed values (statuses, roles, types, slots) are named in that language; what people wrote
 * (names, notes, medicines, ticket messages) is printed as written.
 */
export function dataExportHtml(a: DataExportArchive, language: MessageLanguage = 'en'): string {
  const t = DATA_EXPORT_TEXTS[language];
  const c = t.columns;
  const when = (value: string | null | undefined) =>
    value
      ? new Date(value.length === 10 ? `${value}T12:00:00Z` : value).toLocaleString(LOCALES[language], {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          ...(value.length === 10 ? {} : { hour: '2-digit', minute: '2-digit', ...(language === 'sw' ? { hourCycle: 'h23' as const } : {}) }),
          timeZone: 'Africa/Nairobi',
        })
      : '—';
  const ksh = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `Ksh ${Number(n).toLocaleString(LOCALES[language])}`);
  const account = a.account;
  const profile = a.doctor_profile ?? null;
  return html`<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${t.documentTitle}</title>
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
  <div class="clinic">${t.heading}</div>
  <div class="muted">${t.intro(when(a.generated_at))}</div>
</header>
<h2>${t.profile}</h2>
<dl>
  <dt>${t.name}</dt><dd>${account.firstname} ${account.lastname}</dd>
  <dt>${t.email}</dt><dd>${account.email}</dd>
  <dt>${t.phone}</dt><dd>${text(account.contact_phone)}</dd>
  <dt>${t.address}</dt><dd>${text(account.address)}</dd>
  <dt>${t.account}</dt><dd>${t.accountLine(account.role === 'user' ? t.patient : t.value(account.role), t.value(account.status), when(account.created_at))}</dd>
  <dt>${t.lastSignIn}</dt><dd>${when(account.last_login)}</dd>
</dl>
${section(
  t.appointments,
  t.none,
  ['#', c.date, c.time, c.doctor, c.type, c.status, c.amount, c.paid, c.diagnosis, c.treatment],
  a.appointments.map((x) => [
    x.appointment_id,
    x.appointment_date,
    x.time_slot ? slotLabel(x.time_slot, language) : null,
    t.doctorName([x.doctor?.first_name, x.doctor?.last_name].filter(Boolean).join(' ')),
    x.appointment_type ? choiceLabel(x.appointment_type, language) : null,
    x.appointment_status ? t.value(x.appointment_status) : null,
    ksh(x.total_amount),
    x.paid ? t.yes : t.no,
    x.diagnosis,
    x.treatment,
  ]),
)}
${section(
  t.payments,
  t.none,
  ['#', c.appointment, c.method, c.status, c.amount, c.receipt, c.paid, c.refunded],
  a.payments.map((p) => [
    p.payment_id,
    p.appointment_id,
    p.method === 'mpesa' ? t.methodMpesa : t.methodCard,
    p.payment_status ? t.value(p.payment_status) : null,
    ksh(p.amount),
    p.mpesa_receipt,
    when(p.paid_at),
    when(p.refunded_at),
  ]),
)}
${section(
  t.prescriptions,
  t.none,
  [c.number, c.issued, c.doctor, c.medicines, c.notes],
  a.prescriptions.map((p) => [
    p.prescription_number,
    when(p.issued_at),
    p.doctor_name ? t.doctorName(p.doctor_name) : null,
    p.medicines.map((m) => [m.name, m.dosage, m.frequency, m.instructions].filter(Boolean).join(' ')).join('; '),
    p.notes,
  ]),
)}
${section(
  t.medicalHistory,
  t.none,
  [c.date, c.record, c.doctor, c.diagnosis, c.treatment, c.notes],
  a.medical_history.map((r) => [r.date, r.condition, r.doctor_name ? t.doctorName(r.doctor_name) : null, r.diagnosis, r.treatment, r.notes]),
)}
${section(
  t.tickets,
  t.none,
  ['#', c.opened, c.subject, c.status, c.messages],
  a.tickets.map((x) => [
    x.complaint_id,
    when(x.created_at),
    x.subject,
    x.status ? t.value(x.status) : null,
    x.messages.map((m) => `${m.sender_name ?? t.value(m.sender_role)}: ${m.message}`).join(' | ') || null,
  ]),
)}
${section(
  t.accessLog,
  t.none,
  [c.when, c.who, c.role, c.action, c.record, c.outcome],
  a.access_log.map((e) => [
    when(e.at),
    `${e.actor_name ?? `#${e.actor_user_id}`}${e.via ? t.through(e.via) : ''}`,
    t.value(e.actor_role),
    t.value(e.action),
    t.record(e.record),
    e.outcome === 'success' ? t.shown : t.refused,
  ]),
)}
${section(
  t.erasureRequests,
  t.none,
  [c.requested, c.status, c.decided],
  a.erasure_requests.map((r) => [when(r.requested_at), t.value(r.status), when(r.decided_at)]),
)}
${profile
  ? rawHtml(html`<h2>${t.doctorProfile}</h2>
<dl>
  <dt>${c.specialization}</dt><dd>${text(profile.specialization ? choiceLabel(profile.specialization, language) : null)}</dd>
  <dt>${c.fee}</dt><dd>${ksh(profile.fee)}</dd>
  <dt>${c.days}</dt><dd>${text(profile.available_days.join(', '))}</dd>
  <dt>${c.video}</dt><dd>${profile.offers_video ? t.yes : t.no}</dd>
  <dt>${c.status}</dt><dd>${t.value(profile.approval_status)}</dd>
</dl>`)
  : ''}
${section(
  t.waitlistEntries,
  t.none,
  [c.doctor, c.dates, c.type, c.notes, c.status, c.joined],
  (a.waitlist_entries ?? []).map((e) => [
    t.doctorName(`${e.doctor.first_name} ${e.doctor.last_name}`.trim()),
    `${when(e.date_from)} – ${when(e.date_to)}`,
    choiceLabel(e.appointment_type, language),
    e.notes,
    t.value(e.status),
    when(e.joined_at),
  ]),
)}
${section(
  t.waitlistOffers,
  t.none,
  [c.doctor, c.date, c.time, c.status, c.offered, c.heldUntil, c.appointment],
  (a.waitlist_offers ?? []).map((o) => [
    t.doctorName(`${o.doctor.first_name} ${o.doctor.last_name}`.trim()),
    o.appointment_date,
    slotLabel(o.time_slot, language),
    t.value(o.status),
    when(o.offered_at),
    when(o.expires_at),
    o.appointment_id,
  ]),
)}
${section(t.labResults, t.none, [c.date, c.test, c.content], (a.lab_results ?? []).map((l) => [when(l.created_at), l.test_name, l.message]))}
${section(
  t.removedRecords,
  t.none,
  [c.record, c.reason, c.removed],
  (a.removed_medical_records ?? []).map((r) => [r.record_id, r.reason, when(r.removed_at)]),
)}
${section(
  t.vitalReadings,
  t.none,
  [c.measured, c.type, c.reading, c.level, c.source, c.status],
  (a.vital_readings ?? []).map((r) => [when(r.measured_at), t.value(r.kind), readingText(r), t.value(r.level), t.value(r.source), t.value(r.status)]),
)}
${section(
  t.vitalAlerts,
  t.none,
  [c.date, c.doctor, c.level, c.acknowledged, c.notes],
  (a.vital_alerts ?? []).map((x) => [when(x.created_at), x.doctor_name ? t.doctorName(x.doctor_name) : `#${x.doctor_user_id}`, t.value(x.level), when(x.acknowledged_at), x.note]),
)}
${section(
  t.attendance,
  t.none,
  [c.date, c.time, c.doctor, c.number, c.arrived, c.outcome],
  (a.attendance ?? []).map((x) => [x.appointment_date, slotLabel(x.time_slot, language), t.doctorName(x.doctor_name), x.queue_number, when(x.arrived_at), x.outcome ? t.value(x.outcome) : null]),
)}
${section(
  t.insuranceCovers,
  t.none,
  [c.payer, c.number, c.relationship, c.validUntil],
  (a.insurance_covers ?? []).map((x) => [x.payer_name, x.member_number, t.value(x.relationship), x.valid_until]),
)}
<h2>${t.messagePreferences}</h2>
<p>${a.message_preferences ? t.preferencesLine(a.message_preferences.sms ? t.on : t.off, a.message_preferences.email ? t.on : t.off, when(a.message_preferences.updated_at)) : t.preferencesDefault}</p>
${section(
  t.messagesSent,
  t.none,
  [c.due, c.about, c.channel, c.to, c.status, c.sent],
  (a.messages ?? []).map((m) => [when(m.due_at), t.value(m.kind), t.value(m.channel), m.recipient, t.value(m.status), when(m.sent_at)]),
)}
${section(
  t.passwordResets,
  t.none,
  [c.requested, c.channel, c.used],
  (a.password_resets ?? []).map((r) => [when(r.requested_at), t.value(r.channel), when(r.used_at)]),
)}
${section(t.signedOutSessions, t.none, [c.session, c.validUntil], (a.signed_out_sessions ?? []).map((r) => [r.token_id, when(r.valid_until)]))}
</body></html>`;
}

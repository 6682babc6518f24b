import { choiceLabel, formatClinicDate, html, MessageLanguage, PRESCRIPTION_TEXTS, rawHtml, slotLabel } from '@afya/service-shared';
import { VISIT_MODE_LABELS } from '@afya/appointment-service/contracts';
import type { PrescriptionView } from '../../contracts';

/** A YYYY-MM-DD clinic day (noon, so no time zone moves it) or a timestamp, as its reader writes dates. */
const day = (value: string | null, language: MessageLanguage) =>
  value ? formatClinicDate(new Date(value.length === 10 ? `${value}T12:00:00Z` : value), language) : '—';

/**
 * The prescription as a printable A4 document (clinic header, patient, doctor, date, medicines, notes, number) in
 * the reader's language. Medicines, dosages, instructions and the doctor's notes are printed as the doctor wrote them.
 */
export function prescriptionHtml(p: PrescriptionView, language: MessageLanguage = 'en'): string {
  const t = PRESCRIPTION_TEXTS[language];
  const visit = [p.appointment_type ? choiceLabel(p.appointment_type, language) : '', p.time_slot ? slotLabel(p.time_slot, language) : ''].join(' ');
  const rows = p.medicines.map(
    (m, i) => rawHtml(html`<tr><td>${i + 1}</td><td><strong>${m.name}</strong></td><td>${m.dosage}</td><td>${m.frequency || '—'}</td><td>${m.instructions}</td></tr>`),
  );
  return html`<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${t.documentTitle(p.prescription_number)}</title>
<style>
  body { font-family: 'Liberation Sans', Arial, sans-serif; color: #1f2937; font-size: 12px; }
  header { display: flex; justify-content: space-between; border-bottom: 3px solid #0f766e; padding-bottom: 10px; }
  .clinic { font-size: 22px; font-weight: bold; color: #0f766e; }
  .muted { color: #6b7280; }
  .number { text-align: right; font-size: 14px; font-weight: bold; }
  .grid { display: flex; gap: 24px; margin: 16px 0; }
  .grid > div { flex: 1; border: 1px solid #e5e7eb; border-radius: 6px; padding: 10px; }
  h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: #0f766e; margin: 0 0 6px; }
  table { width: 100%; border-collapse: collapse; margin-top: 8px; }
  th, td { border-bottom: 1px solid #e5e7eb; padding: 7px 6px; text-align: left; vertical-align: top; }
  th { background: #f0fdfa; }
  .notes { margin-top: 16px; border-left: 3px solid #0f766e; padding: 6px 10px; background: #f9fafb; white-space: pre-wrap; }
  footer { margin-top: 40px; display: flex; justify-content: space-between; }
  .sign { border-top: 1px solid #9ca3af; width: 220px; padding-top: 4px; text-align: center; }
</style></head>
<body>
<header>
  <div><div class="clinic">${t.clinic}</div><div class="muted">${t.tagline}</div></div>
  <div class="number">${t.prescription(p.prescription_number)}<div class="muted">${t.issued(day(p.issued_at, language))}</div></div>
</header>
<section class="grid">
  <div><h2>${t.patient}</h2><div><strong>${p.patient_name ?? t.unnamedPatient(p.patient_id)}</strong></div><div class="muted">${t.patientId(p.patient_id)}</div></div>
  <div><h2>${t.doctor}</h2><div><strong>${t.doctorName(p.doctor_name ?? `#${p.doctor_id}`)}</strong></div><div class="muted">${p.specialization ? choiceLabel(p.specialization, language) : t.generalPractice}</div></div>
  <div><h2>${t.appointment}</h2><div>#${p.appointment_id} · ${day(p.appointment_date, language)}</div><div class="muted">${visit}${p.visit_mode ? ` · ${choiceLabel(VISIT_MODE_LABELS[p.visit_mode], language)}` : ''}</div></div>
</section>
<h2>${t.medicines}</h2>
<table><thead><tr><th>#</th><th>${t.medicine}</th><th>${t.dosage}</th><th>${t.frequency}</th><th>${t.instructions}</th></tr></thead><tbody>${rows}</tbody></table>
${p.notes ? rawHtml(html`<h2 style="margin-top:16px">${t.notes}</h2><div class="notes">${p.notes}</div>`) : ''}
<footer><div class="muted">${t.footer(p.prescription_number, p.appointment_id)}</div><div class="sign">${t.doctorName(p.doctor_name ?? '')}</div></footer>
</body></html>`;
}

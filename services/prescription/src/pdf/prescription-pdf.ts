import { html, rawHtml } from '@afya/service-shared';
import { VISIT_MODE_LABELS } from '@afya/appointment-service/contracts';
import type { PrescriptionView } from '../../contracts';

const day = (value: string | null) =>
  value ? new Date(value.length === 10 ? `${value}T12:00:00Z` : value).toLocaleDateString('en-KE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Nairobi' }) : '—';

/** The prescription as a printable A4 document (clinic header, patient, doctor, date, medicines, notes, number). */
export function prescriptionHtml(p: PrescriptionView): string {
  const rows = p.medicines.map(
    (m, i) => rawHtml(html`<tr><td>${i + 1}</td><td><strong>${m.name}</strong></td><td>${m.dosage}</td><td>${m.frequency || '—'}</td><td>${m.instructions}</td></tr>`),
  );
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Prescription ${p.prescription_number}</title>
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
  <div><div class="clinic">Afya Clinic</div><div class="muted">Medical appointments and prescriptions · Nairobi, Kenya</div></div>
  <div class="number">Prescription ${p.prescription_number}<div class="muted">Issued ${day(p.issued_at)}</div></div>
</header>
<section class="grid">
  <div><h2>Patient</h2><div><strong>${p.patient_name ?? `Patient #${p.patient_id}`}</strong></div><div class="muted">Patient ID ${p.patient_id}</div></div>
  <div><h2>Doctor</h2><div><strong>Dr. ${p.doctor_name ?? `#${p.doctor_id}`}</strong></div><div class="muted">${p.specialization ?? 'General practice'}</div></div>
  <div><h2>Appointment</h2><div>#${p.appointment_id} · ${day(p.appointment_date)}</div><div class="muted">${p.appointment_type ?? ''} ${p.time_slot ?? ''}${p.visit_mode ? ` · ${VISIT_MODE_LABELS[p.visit_mode]}` : ''}</div></div>
</section>
<h2>Medicines</h2>
<table><thead><tr><th>#</th><th>Medicine</th><th>Dosage</th><th>Frequency</th><th>Instructions</th></tr></thead><tbody>${rows}</tbody></table>
${p.notes ? rawHtml(html`<h2 style="margin-top:16px">Notes</h2><div class="notes">${p.notes}</div>`) : ''}
<footer><div class="muted">Prescription number ${p.prescription_number} · Appointment #${p.appointment_id}</div><div class="sign">Dr. ${p.doctor_name ?? ''}</div></footer>
</body></html>`;
}

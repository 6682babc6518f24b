import { appointmentTypeLabel, formatDate, formatSlot } from 'shell/i18n';
import type { DoctorAppointment } from '../../api/appointments';
import type { WritableAppointment } from '../../api/prescriptions';
import { t } from '../../i18n';

const nameKey = (name: string) => name.trim().toLowerCase();

/** Names that belong to more than one patient in a list (by account), compared without case. */
function sharedNames<T>(items: readonly T[], name: (item: T) => string, patient: (item: T) => number): Set<string> {
  const owners = new Map<string, Set<number>>();
  for (const item of items) {
    const key = nameKey(name(item));
    owners.set(key, (owners.get(key) ?? new Set()).add(patient(item)));
  }
  return new Set([...owners].filter(([, ids]) => ids.size > 1).map(([key]) => key));
}

const writableName = (a: WritableAppointment) => a.patient_name ?? t('common.patientNumber', { id: a.patient_id });

/**
 * Write Prescription's visit picker: patient, appointment number, date, slot, type and status. When two patients
 * share a name, each also shows their phone (or their patient number when none is on file).
 */
export function writableOptions(list: readonly WritableAppointment[]): { value: number; label: string }[] {
  const shared = sharedNames(list, writableName, (a) => a.patient_id);
  return list.map((a) => {
    const who = shared.has(nameKey(writableName(a))) ? `${writableName(a)} (${a.patient_phone ?? t('labels.patientNumber', { id: a.patient_id })})` : writableName(a);
    return { value: a.appointment_id, label: `${who} · #${a.appointment_id} · ${formatDate(a.appointment_date.slice(0, 10))} ${formatSlot(a.time_slot)} · ${appointmentTypeLabel(a.appointment_type)} (${t(`status.${a.appointment_status}`, { defaultValue: a.appointment_status })})` };
  });
}

/**
 * Medical History's patient picker: one entry per patient, by name. Two patients with the same name are told apart
 * by their latest appointment (number and date) with this doctor.
 */
export function patientOptions(appointments: readonly DoctorAppointment[]): { value: number; label: string }[] {
  const latest = new Map<number, DoctorAppointment>();
  for (const a of appointments) {
    const seen = latest.get(a.user_id);
    if (!seen || a.appointment_date > seen.appointment_date) latest.set(a.user_id, a);
  }
  const name = (a: DoctorAppointment) => a.patient_full_name ?? t('common.patientNumber', { id: a.user_id });
  const shared = sharedNames([...latest.values()], name, (a) => a.user_id);
  return [...latest.values()]
    .map((a) => ({
      value: a.user_id,
      label: shared.has(nameKey(name(a))) ? t('labels.latestVisit', { name: name(a), id: a.appointment_id, date: formatDate(a.appointment_date.slice(0, 10)) }) : name(a),
    }))
    .sort((x, y) => x.label.localeCompare(y.label));
}

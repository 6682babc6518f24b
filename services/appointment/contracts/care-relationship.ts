/**
 * The care relationship (issue 22 item 4): when a doctor may read a patient's records beyond the doctor's own
 * appointments: the patient's prescriptions by any doctor and their PDFs, the medical history with other doctors'
 * diagnoses, and the patient's support tickets linked to an appointment with the doctor.
 *
 * - Only a visit that is Confirmed (paid or confirmed by staff) or Completed counts. A Pending booking (not paid)
 *   and a Cancelled one give nothing, however briefly they existed.
 * - A Confirmed visit opens access `daysBefore` days before it starts and keeps it open through the visit
 *   (in progress) until `inProgressHours` after its start; the doctor then marks it Completed.
 * - A Completed visit keeps access open until `daysAfter` days after its start.
 * - The relationship holds while any one visit's window contains `now`.
 *
 * Pure (no imports, nothing evaluated at import): the prescription and support services enforce it, the appointment
 * service's tests pin it. Each service reads the windows from its environment with careWindowsFromEnv.
 */

export interface CareWindows {
  /** Days before a Confirmed or Completed visit from which the doctor may read (CARE_ACCESS_DAYS_BEFORE, default 7). */
  daysBefore: number;
  /** Days after a Completed visit until which the doctor may read (CARE_ACCESS_DAYS_AFTER, default 90). */
  daysAfter: number;
  /** Hours after a Confirmed visit's start during which it counts as in progress (CARE_ACCESS_IN_PROGRESS_HOURS, default 24). */
  inProgressHours: number;
}

export const CARE_WINDOW_DEFAULTS: Readonly<CareWindows> = { daysBefore: 7, daysAfter: 90, inProgressHours: 24 };

/** What the rule needs to know about one appointment between the doctor and the patient. */
export interface CareVisit {
  appointment_status: string;
  /** The instant the visit's slot starts. */
  starts_at: Date | string;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The interval during which one visit grants access, or null when it grants none (Pending, Cancelled). */
export function careWindowOf(visit: CareVisit, windows: CareWindows = CARE_WINDOW_DEFAULTS): { from: Date; until: Date } | null {
  const start = new Date(visit.starts_at).getTime();
  if (Number.isNaN(start)) return null;
  const from = new Date(start - windows.daysBefore * DAY_MS);
  if (visit.appointment_status === 'Completed') return { from, until: new Date(start + windows.daysAfter * DAY_MS) };
  if (visit.appointment_status === 'Confirmed') return { from, until: new Date(start + windows.inProgressHours * HOUR_MS) };
  return null;
}

/** Whether the doctor of these visits (all with one patient) may read that patient's records at `now`. */
export function hasCareRelationship(visits: readonly CareVisit[], now: Date = new Date(), windows: CareWindows = CARE_WINDOW_DEFAULTS): boolean {
  const t = now.getTime();
  return visits.some((visit) => {
    const window = careWindowOf(visit, windows);
    return window !== null && window.from.getTime() <= t && t <= window.until.getTime();
  });
}

/** The patients (user ids, in the order first seen) a doctor is caring for at `now`, from the doctor's visits with any patient. */
export function patientsInCareAmong(visits: readonly (CareVisit & { user_id: number })[], now: Date = new Date(), windows: CareWindows = CARE_WINDOW_DEFAULTS): number[] {
  const byPatient = new Map<number, CareVisit[]>();
  for (const visit of visits) byPatient.set(visit.user_id, [...(byPatient.get(visit.user_id) ?? []), visit]);
  return [...byPatient].filter(([, list]) => hasCareRelationship(list, now, windows)).map(([patient]) => patient);
}

/**
 * The windows from the environment (CARE_ACCESS_DAYS_BEFORE, CARE_ACCESS_DAYS_AFTER, CARE_ACCESS_IN_PROGRESS_HOURS).
 * An unset value takes its default; a value that is not a whole number ≥ 0 throws, so a typo stops the service at
 * start instead of silently widening or closing access.
 */
export function careWindowsFromEnv(env: Record<string, string | undefined>): CareWindows {
  const read = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 3650) throw new Error(`${name} must be a whole number from 0 to 3650, not "${raw}"`);
    return value;
  };
  return {
    daysBefore: read('CARE_ACCESS_DAYS_BEFORE', CARE_WINDOW_DEFAULTS.daysBefore),
    daysAfter: read('CARE_ACCESS_DAYS_AFTER', CARE_WINDOW_DEFAULTS.daysAfter),
    inProgressHours: read('CARE_ACCESS_IN_PROGRESS_HOURS', CARE_WINDOW_DEFAULTS.inProgressHours),
  };
}

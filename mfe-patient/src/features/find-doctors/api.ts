import { api } from 'shell/api-client';

/** SPEC.md section 3 doctor (approved, bookable). */
export interface Doctor {
  doctor_id: number;
  user_id?: number;
  first_name: string;
  last_name: string;
  specialization?: string | null;
  fee?: number | string | null;
  contact_phone?: string | null;
  available_days?: string[] | string | null;
}

export async function fetchDoctors(): Promise<Doctor[]> {
  const res = await api.get<Doctor[] | { doctors?: Doctor[] }>('appointments/doctors', { fallback: 'Failed to fetch doctors' });
  return Array.isArray(res) ? res : res?.doctors ?? [];
}

export const doctorFullName = (d: Pick<Doctor, 'first_name' | 'last_name'>) => `Dr. ${d.first_name ?? ''} ${d.last_name ?? ''}`.trim();

/** available_days may be a list or a comma-separated string. */
export function availableDays(d: Pick<Doctor, 'available_days'>): string[] {
  const v = d.available_days;
  if (Array.isArray(v)) return v.filter(Boolean);
  if (typeof v === 'string' && v.trim()) {
    try {
      const parsed = JSON.parse(v) as unknown;
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      /* plain text */
    }
    return v.split(',').map((s) => s.trim()).filter(Boolean);
  }
  return [];
}

/** A doctor's fee when set (a number ≥ 0), else null. */
export function doctorFee(d: Pick<Doctor, 'fee'> | null | undefined): number | null {
  if (!d || d.fee === null || d.fee === undefined || d.fee === '') return null;
  const n = Number(d.fee);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Whether the doctor sees patients on a date (YYYY-MM-DD); no days listed means every day (as the server rules). */
export function worksOn(d: Pick<Doctor, 'available_days'> | null | undefined, date: string): boolean {
  const days = d ? availableDays(d) : [];
  if (!days.length) return true;
  const [y, m, day] = date.split('-').map(Number);
  const weekday = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'][new Date(Date.UTC(y!, m! - 1, day!)).getUTCDay()];
  return days.some((x) => x.trim().toLowerCase() === weekday);
}

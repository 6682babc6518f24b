import type { DoctorProfile } from '@afya/appointment-service/contracts';
import { WEEKDAYS } from '@afya/appointment-service/contracts/catalog';
import { useQuery } from '@tanstack/react-query';
import { ApiError, calls, queryKeys } from 'shell/api-client';
import { translateMessage } from 'shell/i18n';
import { t } from '../i18n';

/** An approved, bookable doctor (the appointment contract's profile). */
export type Doctor = DoctorProfile;

export async function fetchDoctors(): Promise<Doctor[]> {
  const res = await calls.appointments.doctors({}, { context: { fallback: 'Failed to fetch doctors' } });
  return res.doctors;
}

/** The approved doctors, shared by Find Doctors and the booking screen (one request, one cache entry). */
export function useDoctors() {
  return useQuery({ queryKey: queryKeys.doctors, queryFn: fetchDoctors });
}

/** 'Failed to load doctors' (CONTRACT.md §8), with the server's reason when it sent one. */
export function doctorsLoadError(err: unknown): string {
  const detail = err instanceof ApiError ? err.serverMessage : '';
  return detail ? t('doctors.loadFailedBecause', { detail: translateMessage(detail) }) : t('doctors.loadFailed');
}

export const doctorFullName = (d: Pick<Doctor, 'first_name' | 'last_name'>) => t('home.doctorName', { name: `${d.first_name} ${d.last_name}`.trim() });

/** Whether the doctor sees patients on a date (YYYY-MM-DD); no days listed means every day (the service's rule). */
export function worksOn(d: Pick<Doctor, 'available_days'> | null | undefined, date: string): boolean {
  const days = d?.available_days ?? [];
  if (!days.length) return true;
  const [y, m, day] = date.split('-').map(Number);
  return days.includes(WEEKDAYS[new Date(Date.UTC(y!, m! - 1, day!)).getUTCDay()]!);
}

import type { AdminDoctorListReply, ApproveDoctorReply, DoctorProfile, Specialization, WaitlistLength, Weekday } from '@afya/appointment-service/contracts';
import { WEEKDAYS as CATALOG_WEEKDAYS } from '@afya/appointment-service/contracts/catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callKey, calls, queryKeys } from 'shell/api-client';
import { adminKeys } from '../../api/query-keys';

export type AdminDoctor = DoctorProfile;

/** CONTRACT.md §1 specialties and the weekday names doctors' available_days hold: the catalog's lists. */
export { SPECIALIZATIONS } from '@afya/appointment-service/contracts/catalog';
/** Monday first, as a clinic week is read (the catalog's are in JavaScript's Sunday-first order). */
export const WEEKDAYS = [...CATALOG_WEEKDAYS.slice(1), CATALOG_WEEKDAYS[0]];

export const isPending = (d: Pick<AdminDoctor, 'approval_status'>) => d.approval_status === 'pending';

/** GET /admin/doctors: every doctor with its approval state, those awaiting approval first. */
export async function fetchAdminDoctors(): Promise<AdminDoctorListReply> {
  return calls.appointments.adminDoctors({}, { context: { fallback: 'Failed to fetch doctors' } });
}

/** The days are the catalog's names (picked from WEEKDAYS); the server checks them again. */
export async function approveDoctor(id: number, body: { specialization: Specialization; available_days: string[] }): Promise<ApproveDoctorReply> {
  const { specialization, available_days } = body;
  return calls.appointments.approveDoctor({ params: { id }, body: { specialization, available_days: available_days as Weekday[] } }, { context: { fallback: 'Failed to approve doctor' } });
}

/** GET /admin/waitlist: patients waiting per doctor (only doctors with someone waiting), longest first. */
export async function fetchWaitlistLengths(): Promise<WaitlistLength[]> {
  return calls.appointments.waitlistLengths({}, { context: { fallback: 'Failed to fetch waitlists' } });
}

export const useWaitlistLengths = () => useQuery({ queryKey: callKey('appointments', 'waitlistLengths'), queryFn: fetchWaitlistLengths });

/** The doctors page and the home's Pending Actions read the same query. */
export const useAdminDoctors = () => useQuery({ queryKey: adminKeys.doctors, queryFn: fetchAdminDoctors });

/**
 * Approving: the cached list shows the approved profile at once; every doctors query refreshes (the
 * patients' Find Doctors lists bookable doctors only) and so do the home's totals.
 */
export function useApproveDoctor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; specialization: Specialization; available_days: string[] }) => approveDoctor(id, body),
    onSuccess: ({ doctor }) => {
      queryClient.setQueryData<AdminDoctorListReply>(adminKeys.doctors, (old) =>
        old ? { doctors: old.doctors.map((d) => (d.doctor_id === doctor.doctor_id ? doctor : d)), pending: old.doctors.filter((d) => d.doctor_id !== doctor.doctor_id && isPending(d)).length } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.doctors });
      void queryClient.invalidateQueries({ queryKey: adminKeys.totals });
    },
  });
}

import type { DoctorProfile } from '@afya/appointment-service/contracts';
import { useQuery } from '@tanstack/react-query';
import { callKey, calls } from 'shell/api-client';

/**
 * The signed-in doctor's own profile (doctor_id, fee, video offer), read by the home page's panels and My hours: one
 * query, one cache. Here, in the remote's shared api, because features never import each other.
 */
export const doctorProfileKey = (userId: number | undefined) => callKey('appointments', 'doctorByUser', { params: { userId: userId ?? 0 } });

/** GET /doctor/profile-by-user/{userId}: the doctor's profile (doctor_id and fee among it). */
export async function fetchMyDoctorProfile(userId: number): Promise<DoctorProfile> {
  const res = await calls.appointments.doctorByUser({ params: { userId } }, { context: { fallback: 'Failed to load doctor profile.' } });
  return res.doctor;
}

export function useDoctorProfile(userId: number | undefined) {
  return useQuery({
    queryKey: doctorProfileKey(userId),
    queryFn: () => fetchMyDoctorProfile(userId!),
    // The profile is loaded only for a signed-in doctor (CONTRACT.md §7).
    enabled: userId !== undefined,
  });
}

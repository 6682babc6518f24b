import { t } from '../../i18n';
import type { DoctorProfile, NotificationsReply, PerformanceReply } from '@afya/appointment-service/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callKey, calls, queryKeys } from 'shell/api-client';
import { toast } from 'shell/ui-kit';
import { performanceKey } from '../../api/appointments';
import { doctorProfileKey as profileKey, fetchMyDoctorProfile, useDoctorProfile } from '../../api/doctor-profile';

export { fetchMyDoctorProfile, useDoctorProfile };

export type { DoctorProfile, NotificationsReply, PerformanceReply };

const notificationsKey = callKey('appointments', 'notifications');

export const fetchPerformance = () => calls.appointments.performance({});
export const fetchNotifications = () => calls.appointments.notifications({});

/** PATCH /doctor/{id}/fee: the profile as it now is. */
export async function updateFee(doctorId: number, fee: number): Promise<DoctorProfile> {
  const res = await calls.appointments.setFee({ params: { id: doctorId }, body: { fee } }, { context: { fallback: 'Failed to update fee' } });
  return res.doctor;
}

/** PATCH /doctor/{id}/video: video visits on or off; the profile as it now is. */
export async function updateVideoOffer(doctorId: number, offersVideo: boolean): Promise<DoctorProfile> {
  const res = await calls.appointments.setVideo({ params: { id: doctorId }, body: { offers_video: offersVideo } }, { context: { fallback: 'Failed to update video visits' } });
  return res.doctor;
}

/** Weekly performance and notifications: a failure leaves the panels empty (CONTRACT.md §8). */
export const usePerformance = () => useQuery({ queryKey: performanceKey, queryFn: fetchPerformance });
export const useNotifications = () => useQuery({ queryKey: notificationsKey, queryFn: fetchNotifications });

/**
 * Saving the fee: the panel shows the saved profile at once; lists of doctors (the patients' Find Doctors,
 * the admin's) are refreshed. 'Fee updated!' / 'Failed to update fee' (CONTRACT.md §8).
 */
export function useUpdateFee(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ doctorId, fee }: { doctorId: number; fee: number }) => updateFee(doctorId, fee),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey(userId), profile);
      toast.success(t('fee.updated'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.doctors });
    },
    onError: () => toast.error(t('fee.failed')),
  });
}

/** Turning video visits on or off: the panel shows the saved profile; the doctors lists patients book from are refreshed. */
export function useUpdateVideoOffer(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ doctorId, offersVideo }: { doctorId: number; offersVideo: boolean }) => updateVideoOffer(doctorId, offersVideo),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey(userId), profile);
      toast.success(profile.offers_video ? t('video.turnedOn') : t('video.turnedOff'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.doctors });
    },
    onError: () => toast.error(t('video.failed')),
  });
}

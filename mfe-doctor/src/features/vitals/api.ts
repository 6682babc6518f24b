import type { VitalAlert, VitalAlertReply, VitalReading, VitalsListReply } from '@afya/prescription-service/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTO_REFRESH_MS, callKey, calls } from 'shell/api-client';

export type { VitalAlert, VitalAlertReply, VitalReading, VitalsListReply };

export const alertsKey = callKey('vitals', 'alerts');
export const patientReadingsKey = (patientId: number, from: string | undefined) => callKey('vitals', 'list', { query: { patient_id: patientId, ...(from ? { from } : {}) } });

/** The doctor's alerts from critical readings of patients in their care: unacknowledged first (the server's order). */
export function fetchAlerts(): Promise<VitalAlert[]> {
  return calls.vitals.alerts({}, { context: { fallback: 'Failed to load the alerts' } }).then((reply) => reply.alerts);
}

/** Refreshed every 30 s while the page is open (a new critical reading appears without a reload). */
export function useVitalAlerts() {
  return useQuery({ queryKey: alertsKey, queryFn: fetchAlerts, refetchInterval: AUTO_REFRESH_MS, placeholderData: keepPreviousData });
}

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alertId, note }: { alertId: number; note?: string }) =>
      calls.vitals.acknowledge({ params: { id: alertId }, body: note ? { note } : {} }, { context: { fallback: 'Failed to acknowledge the alert' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}

/** A patient's readings (a patient in the doctor's care; anyone else is the server's 404). */
export function usePatientReadings(patientId: number, from: string | undefined) {
  return useQuery({
    queryKey: patientReadingsKey(patientId, from),
    queryFn: () => calls.vitals.list({ query: { patient_id: patientId, ...(from ? { from } : {}) } }, { context: { fallback: "Failed to load the patient's readings" } }),
    enabled: patientId > 0,
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MedicalRecord, PrescriptionView } from '@afya/prescription-service/contracts';
import { AUTO_REFRESH_MS, calls, listPage } from 'shell/api-client';

export type { MedicalRecord, PrescriptionView };

export const allPrescriptionsKey = ['prescriptions', 'all'] as const;
export const allHistoryKey = ['prescriptions', 'history', 'all'] as const;

export const useAllPrescriptions = () =>
  useQuery({
    queryKey: allPrescriptionsKey,
    queryFn: async () => listPage(await calls.prescriptions.listAll({ query: {} }, { context: { fallback: 'Failed to fetch prescriptions' } })).items,
    refetchInterval: AUTO_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const useAllHistory = () =>
  useQuery({
    queryKey: allHistoryKey,
    queryFn: async () => (await calls.prescriptions.historyAll({}, { context: { fallback: 'Failed to fetch medical history' } })).records,
    refetchInterval: AUTO_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const usePrescription = (id: number | undefined) =>
  useQuery({ queryKey: ['prescriptions', 'one', id ?? 0], queryFn: () => calls.prescriptions.get({ params: { id: String(id) } }, { context: { fallback: 'Failed to fetch prescription' } }), enabled: !!id });

export const usePatientAccessLog = (userId: number | undefined, page: number) =>
  useQuery({
    queryKey: ['prescriptions', 'access-log', 'admin', userId ?? 0, page],
    queryFn: () => calls.prescriptions.accessLog({ query: { user_id: userId!, page, limit: 20 } }, { context: { fallback: 'Failed to load the access log' } }),
    enabled: !!userId,
    placeholderData: keepPreviousData,
  });

/** The soft deletes: DELETE with the reason in the body (the API reads it there). */
export const deletes = {
  prescription: (id: number, reason: string) => calls.prescriptions.remove({ params: { id: String(id) }, body: { reason } }, { context: { fallback: 'Failed to delete prescription' } }),
  record: (recordId: string, reason: string) => calls.prescriptions.removeRecord({ params: { recordId }, body: { reason } }, { context: { fallback: 'Failed to delete medical record' } }),
};

/** DELETE /prescriptions/{id} with a reason (soft delete, audited). The body rides on a DELETE, as the API reads it. */
export function useDeletePrescription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => deletes.prescription(id, reason),
    onSuccess: () => client.invalidateQueries({ queryKey: ['prescriptions'] }),
  });
}

export function useDeleteRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, reason }: { recordId: string; reason: string }) => deletes.record(recordId, reason),
    onSuccess: () => client.invalidateQueries({ queryKey: ['prescriptions'] }),
  });
}

export function useEditRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, ...changes }: { recordId: string; diagnosis: string; treatment: string; notes: string }) =>
      calls.appointments.editRecord({ params: { recordId }, body: changes }, { context: { fallback: 'Failed to update medical record' } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['prescriptions', 'history'] }),
  });
}


import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PrescriptionView } from '@afya/prescription-service/contracts';
import { AUTO_REFRESH_MS, calls, listPage } from 'shell/api-client';

/** A prescription as the prescription service answers it (CONTRACT.md §3). */
export type Prescription = PrescriptionView;

export const prescriptionsKey = ['prescriptions', 'mine'] as const;
export const prescriptionKey = (id: number) => ['prescriptions', 'one', id] as const;

export async function fetchMyPrescriptions(): Promise<Prescription[]> {
  return listPage(await calls.prescriptions.listUser({ query: {} }, { context: { fallback: 'Failed to fetch prescriptions' } })).items;
}

/** The patient's prescriptions, refreshed every 30 s while the tab is visible (CONTRACT.md §9). */
export function useMyPrescriptions() {
  return useQuery({ queryKey: prescriptionsKey, queryFn: fetchMyPrescriptions, refetchInterval: AUTO_REFRESH_MS, placeholderData: keepPreviousData });
}

export async function fetchPrescription(id: number): Promise<Prescription> {
  // The prescription itself: GET /prescriptions/{id} answers the object, not an envelope.
  return calls.prescriptions.get({ params: { id: String(id) } }, { context: { fallback: 'Failed to fetch prescription' } });
}

export function usePrescription(id: number | undefined) {
  return useQuery({ queryKey: prescriptionKey(id ?? 0), queryFn: () => fetchPrescription(id!), enabled: !!id });
}


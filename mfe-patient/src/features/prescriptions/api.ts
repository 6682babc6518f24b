import { useQuery } from '@tanstack/react-query';
import { api } from 'shell/api-client';

/**
 * A prescription as SPEC.md section 3 describes it. No service serves prescriptions yet (the clinical issue
 * adds it with its contract; this type then becomes an `import type` of that contract's view).
 */
export interface Prescription {
  prescription_id: number;
  appointment_id: number | null;
  issued_at: string;
  doctor_name: string | null;
  medicines: Array<{ name: string; dosage?: string; frequency?: string; instructions?: string }>;
}

export const prescriptionsKey = ['prescriptions', 'mine'] as const;

export async function fetchMyPrescriptions(): Promise<Prescription[]> {
  const res = await api.get<{ prescriptions: Prescription[] }>('prescriptions/user', { fallback: 'Failed to fetch prescriptions' });
  return res.prescriptions;
}

export function useMyPrescriptions() {
  return useQuery({ queryKey: prescriptionsKey, queryFn: fetchMyPrescriptions });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Medicine, MedicalRecord, PrescriptionView, WritableAppointment } from '@afya/prescription-service/contracts';
import { AUTO_REFRESH_MS, calls, listPage } from 'shell/api-client';

export type { Medicine, MedicalRecord, PrescriptionView, WritableAppointment };

export const issuedKey = ['prescriptions', 'doctor'] as const;
export const writableKey = ['prescriptions', 'writable'] as const;
export const patientHistoryKey = (userId: number, appointmentId?: number) => ['prescriptions', 'history', userId, appointmentId ?? null] as const;

export const fetchIssued = async () => listPage(await calls.prescriptions.listDoctor({ query: {} }, { context: { fallback: 'Failed to fetch prescriptions' } })).items;
export const fetchWritable = async () => (await calls.prescriptions.writable({}, { context: { fallback: 'Failed to fetch appointments' } })).appointments;
/** A patient's history; `appointmentId`: the doctor's visit with them (judged as it is now: the video visit's panel). */
export const fetchPatientHistory = async (userId: number, appointmentId?: number) =>
  (
    await calls.prescriptions.historyUser(
      { params: { userId: String(userId) }, query: appointmentId ? { appointment_id: appointmentId } : {} },
      { context: { fallback: 'Failed to fetch medical history' } },
    )
  ).records;

/** The prescriptions this doctor issued, refreshed every 30 s while visible. */
export const useIssuedPrescriptions = () => useQuery({ queryKey: issuedKey, queryFn: fetchIssued, refetchInterval: AUTO_REFRESH_MS, placeholderData: keepPreviousData });
export const useWritableAppointments = () => useQuery({ queryKey: writableKey, queryFn: fetchWritable });
export const usePatientHistory = (userId: number | undefined, appointmentId?: number) =>
  useQuery({
    queryKey: patientHistoryKey(userId ?? 0, appointmentId),
    queryFn: () => fetchPatientHistory(userId!, appointmentId),
    enabled: !!userId,
    refetchInterval: AUTO_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
export const usePrescription = (id: number | undefined) =>
  useQuery({ queryKey: ['prescriptions', 'one', id ?? 0], queryFn: () => calls.prescriptions.get({ params: { id: String(id) } }, { context: { fallback: 'Failed to fetch prescription' } }), enabled: !!id });

export interface NewPrescription {
  appointment_id: number;
  medicines: Medicine[];
  notes: string;
}

/** POST /prescriptions: medicines go as a JSON string of a list (CONTRACT.md §7). */
export function useCreatePrescription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: NewPrescription) =>
      calls.prescriptions.create(
        { body: { appointment_id: p.appointment_id, medicines: JSON.stringify(p.medicines), notes: p.notes } },
        { context: { fallback: 'Failed to create prescription' } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['prescriptions'] }),
  });
}

export function useUpdatePrescription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, medicines, notes }: { id: number; medicines: Medicine[]; notes: string }) =>
      calls.prescriptions.update({ params: { id: String(id) }, body: { medicines, notes } }, { context: { fallback: 'Failed to update prescription' } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['prescriptions'] }),
  });
}

/** Edit an appointment record's diagnosis, treatment and notes (PATCH /medical-history/appt-<id>). */
export function useEditRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, diagnosis, treatment, notes }: { recordId: string; diagnosis: string; treatment: string; notes: string }) =>
      calls.appointments.editRecord({ params: { recordId }, body: { diagnosis, treatment, notes } }, { context: { fallback: 'Failed to update medical record' } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['prescriptions', 'history'] }),
  });
}


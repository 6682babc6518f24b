import type { DomainEvent } from '@afya/service-shared';
import type { ReportingPrescriptionData } from '../read-models/event-data';
import type { Outcome } from './read-model-outcome';

// rm_prescriptions, from the prescription service's events.

export type PrescriptionRow = {
  prescription_id: number;
  appointment_id: number | null;
  patient_id: number | null;
  patient_name: string | null;
  doctor_id: number | null;
  doctor_name: string | null;
  /** JSON text (jsonb in the table). */
  medicines: string;
  created_at: string;
  updated_at: string;
};

export function applyPrescription(before: PrescriptionRow | null, event: DomainEvent<ReportingPrescriptionData>): Outcome<PrescriptionRow> {
  const d = event.data;
  const medicines = typeof d.medicines === 'string' ? d.medicines : JSON.stringify(d.medicines ?? []);
  return {
    row: {
      prescription_id: before?.prescription_id ?? d.prescription_id,
      appointment_id: d.appointment_id ?? null,
      patient_id: d.patient_id ?? null,
      patient_name: d.patient_name ?? null,
      doctor_id: d.doctor_id ?? null,
      doctor_name: d.doctor_name ?? null,
      medicines: jsonOrEmpty(medicines),
      created_at: before?.created_at ?? d.created_at ?? event.occurredAt,
      updated_at: d.updated_at ?? event.occurredAt,
    },
    counts: [],
    daily: [],
  };
}

/** Medicines that are not JSON (an older producer's free text) are kept as a one-element list. */
function jsonOrEmpty(text: string): string {
  try {
    JSON.parse(text);
    return text;
  } catch {
    return JSON.stringify([text]);
  }
}

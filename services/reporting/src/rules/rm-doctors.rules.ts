import type { DomainEvent } from '@afya/service-shared';
import type { ReportingDoctorData } from '../read-models/event-data';
import type { Outcome } from './read-model-outcome';

// rm_doctors, from the appointment service's doctor events.

export type DoctorRow = {
  doctor_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  specialization: string | null;
  approval_status: string;
};

export function applyDoctor(before: DoctorRow | null, event: DomainEvent<ReportingDoctorData>): Outcome<DoctorRow> {
  const d = event.data;
  return {
    row: {
      doctor_id: before?.doctor_id ?? d.doctor_id,
      user_id: d.user_id,
      first_name: d.first_name ?? '',
      last_name: d.last_name ?? '',
      specialization: d.specialization ?? null,
      approval_status: d.approval_status,
    },
    counts: [],
    daily: [],
  };
}

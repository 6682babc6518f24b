import { badRequest, Principal } from '@afya/service-shared';
import { AccessAction, Medicine, PrescriptionMessages } from '../../contracts';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** Stored medicines (jsonb) as the view's list, tolerating older plain-string rows. */
export function medicinesOf(stored: unknown): Medicine[] {
  const list = typeof stored === 'string' ? safeJson(stored) : stored;
  if (!Array.isArray(list)) return [];
  return list.map((row) =>
    typeof row === 'string'
      ? { name: row, dosage: '', frequency: '', instructions: '' }
      : { name: text(row?.name), dosage: text(row?.dosage), frequency: text(row?.frequency), instructions: text(row?.instructions) },
  );
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return [];
  }
}

/** What the read rules need to know about a prescription. */
export interface PrescriptionAccess {
  patient_id: number;
  doctor_user_id: number;
}

/**
 * Who reads a prescription (CONTRACT.md §10.1): its patient; the doctor who issued it, or a doctor in a care
 * relationship with its patient now (`doctorInCare`: see hasCareRelationship in the appointment contracts); any admin.
 * Everyone else gets a 404.
 */
export function canReadPrescription(actor: Principal, prescription: PrescriptionAccess, doctorInCare: boolean): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role === 'doctor') return prescription.doctor_user_id === actor.userId || doctorInCare;
  return prescription.patient_id === actor.userId;
}

/** Who edits a prescription: the doctor who issued it, or an admin. */
export function canEditPrescription(actor: Principal, prescription: PrescriptionAccess): boolean {
  return actor.role === 'admin' || (actor.role === 'doctor' && prescription.doctor_user_id === actor.userId);
}

/**
 * Whether a doctor may write a prescription for this appointment: its doctor, not Cancelled, and a visit that can
 * have one: Completed, or started (its slot's start has passed). A future booking (often not even paid) cannot.
 */
export type WriteCheck = 'ok' | 'not_found' | 'cancelled' | 'not_started';
export function canWriteFor(actor: Principal, appointment: { doctor_user_id: number; appointment_status: string; started: boolean }): WriteCheck {
  if (actor.role !== 'doctor' || appointment.doctor_user_id !== actor.userId) return 'not_found';
  if (appointment.appointment_status === 'Cancelled') return 'cancelled';
  if (appointment.appointment_status !== 'Completed' && !appointment.started) return 'not_started';
  return 'ok';
}

/**
 * Who may edit a medical history record (diagnosis, treatment, notes of an appointment record): the appointment's
 * doctor or an admin, as the appointment service enforces on the edit itself. Prescription records are edited as
 * prescriptions, not here; patients read only.
 */
export function canEditRecord(actor: Principal, record: { type: 'appointment' | 'prescription'; doctor_user_id: number | null }): boolean {
  if (record.type !== 'appointment') return false;
  return actor.role === 'admin' || (actor.role === 'doctor' && record.doctor_user_id === actor.userId);
}

/** A medical history record id: appt-<id> or presc-<id>; anything else is 'Invalid record type.'. */
export function parseRecordId(recordId: unknown): { type: 'appointment' | 'prescription'; id: number } {
  const match = typeof recordId === 'string' ? /^(appt|presc)-([1-9][0-9]{0,9})$/.exec(recordId.trim()) : null;
  if (!match || Number(match[2]) > 2_147_483_647) throw badRequest(PrescriptionMessages.invalidRecordType);
  return { type: match[1] === 'appt' ? 'appointment' : 'prescription', id: Number(match[2]) };
}

/** The appointment service's audit actions, as the patient's access log says them. */
export function accessActionOf(action: string, resource?: string): AccessAction {
  if (resource === 'prescription_pdf') return 'downloaded';
  switch (action) {
    case 'video_joined':
      return 'joined_video';
    case 'video_left':
      return 'left_video';
    case 'create':
    case 'created':
      return 'created';
    case 'update':
    case 'updated':
      return 'updated';
    case 'delete':
    case 'deleted':
      return 'deleted';
    case 'downloaded':
      return 'downloaded';
    default:
      return 'viewed';
  }
}

/** Page and limit of the access log: page ≥ 1, 1 ≤ limit ≤ max (default 20). */
export function pageOf(page: unknown, limit: unknown, max: number): { page: number; limit: number; offset: number } {
  const p = Number.isInteger(Number(page)) && Number(page) >= 1 ? Number(page) : 1;
  const l = Number.isInteger(Number(limit)) && Number(limit) >= 1 ? Math.min(Number(limit), max) : 20;
  return { page: p, limit: l, offset: (p - 1) * l };
}

/**
 * What the reporting service reads from each event it consumes: the fields it keeps, written here as
 * the consumed shape (the producers' contracts carry more; a producer may add fields without breaking us).
 */
import type { UserEventData } from '@afya/auth-service/contracts';
import type { AppointmentEventData, DoctorEventData } from '@afya/appointment-service/contracts';

export type ReportingUserData = Pick<UserEventData, 'user_id' | 'role'> & Partial<UserEventData>;
export type ReportingAppointmentData = AppointmentEventData;
export type ReportingDoctorData = Pick<DoctorEventData, 'doctor_id' | 'user_id' | 'approval_status'> & Partial<DoctorEventData>;

/** payment.completed | refunded | failed | disputed (services/payment/contracts). */
export interface ReportingPaymentData {
  payment_id: number;
  appointment_id?: number;
  patient_id?: number;
  doctor_id?: number;
  /** Ksh */
  amount?: number;
  method?: string;
  status?: string;
  provider_reference?: string | null;
  occurred_at?: string;
  refund_amount?: number;
  reason?: string;
}

/** prescription.created | updated | deleted (services/prescription/contracts). */
export interface ReportingPrescriptionData {
  prescription_id: number;
  appointment_id?: number;
  patient_id?: number;
  patient_name?: string | null;
  doctor_id?: number;
  doctor_name?: string | null;
  medicines?: unknown;
  created_at?: string;
  updated_at?: string;
}

/** ticket.created | updated | deleted (services/support/contracts). */
export interface ReportingTicketData {
  ticket_id: number;
  user_id?: number;
  status?: string;
  priority?: string;
  category?: string;
  created_at?: string;
  updated_at?: string;
}

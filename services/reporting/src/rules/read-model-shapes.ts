export type ReadModelTable = 'rm_users' | 'rm_doctors' | 'rm_appointments' | 'rm_payments' | 'rm_prescriptions' | 'rm_tickets';

/** A row as the fold holds it between the rules (one of the Row types of the rm-*.rules.ts files). */
export type StoredRow = Record<string, unknown>;

export interface TableShape {
  key: string;
  /** Columns and their types, as in the migration. */
  columns: Record<string, 'integer' | 'text' | 'boolean' | 'numeric' | 'date' | 'timestamptz' | 'jsonb'>;
  /** NOT NULL columns without a default the events must fill: checked after each event, as the database did. */
  required: string[];
}

/** The read models' rows as the migrations define them (apply.ts writes them with this). */
export const READ_MODEL_SHAPES: Record<ReadModelTable, TableShape> = {
  rm_users: {
    key: 'user_id',
    columns: {
      user_id: 'integer', firstname: 'text', lastname: 'text', email: 'text', role: 'text', status: 'text', contact_phone: 'text',
      deleted: 'boolean', registered_at: 'timestamptz', updated_at: 'timestamptz',
    },
    required: ['role', 'registered_at', 'updated_at'],
  },
  rm_doctors: {
    key: 'doctor_id',
    columns: { doctor_id: 'integer', user_id: 'integer', first_name: 'text', last_name: 'text', specialization: 'text', approval_status: 'text' },
    required: ['user_id', 'approval_status'],
  },
  rm_appointments: {
    key: 'appointment_id',
    columns: {
      appointment_id: 'integer', user_id: 'integer', doctor_id: 'integer', doctor_user_id: 'integer', appointment_date: 'date', time_slot: 'text',
      appointment_type: 'text', visit_mode: 'text', total_amount: 'numeric', status: 'text', paid: 'boolean', booked_at: 'timestamptz', updated_at: 'timestamptz',
      payer_code: 'text', copay_amount: 'numeric', cover_amount: 'numeric', cover_check: 'text',
    },
    required: ['user_id', 'doctor_id', 'appointment_date', 'time_slot', 'appointment_type', 'status', 'booked_at', 'updated_at'],
  },
  rm_payments: {
    key: 'payment_id',
    columns: {
      payment_id: 'integer', appointment_id: 'integer', patient_id: 'integer', doctor_id: 'integer', amount: 'numeric', refunded_amount: 'numeric',
      method: 'text', status: 'text', provider_reference: 'text', disputed: 'boolean', dispute_reason: 'text', occurred_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    required: ['occurred_at', 'updated_at'],
  },
  rm_prescriptions: {
    key: 'prescription_id',
    columns: {
      prescription_id: 'integer', appointment_id: 'integer', patient_id: 'integer', patient_name: 'text', doctor_id: 'integer', doctor_name: 'text',
      medicines: 'jsonb', created_at: 'timestamptz', updated_at: 'timestamptz',
    },
    required: ['created_at', 'updated_at'],
  },
  rm_tickets: {
    key: 'ticket_id',
    columns: { ticket_id: 'integer', user_id: 'integer', status: 'text', priority: 'text', category: 'text', created_at: 'timestamptz', updated_at: 'timestamptz' },
    required: ['created_at', 'updated_at'],
  },
};

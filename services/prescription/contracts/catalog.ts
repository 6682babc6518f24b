/** Prescriptions and medical history: user-facing messages and limits (CONTRACT.md §5, 8, 9). */
export const PrescriptionMessages = {
  fillRequired: 'Please fill all required fields.',
  prescriptionNotFound: 'No prescription found for this appointment.',
  notFound: 'Prescription not found',
  appointmentNotFound: 'Appointment not found',
  alreadyExists: 'A prescription already exists for this appointment. Edit it instead.',
  cancelledAppointment: 'A prescription cannot be written for a cancelled appointment.',
  visitNotStarted: 'A prescription can be written once the visit has started.',
  created: 'Prescription created successfully!',
  updated: 'Prescription updated successfully!',
  deleted: 'Prescription deleted successfully',
  invalidRecordType: 'Invalid record type.',
  recordNotFound: 'Medical record not found',
  reasonRequired: 'Please give a reason for deleting this record.',
  recordDeleted: 'Medical record deleted successfully',
  /**
   * A doctor asking for a patient's history for their own visit with that patient, outside the care relationship's
   * windows (the numbers are the service's CARE_ACCESS_* settings).
   */
  notInCare: (windows: { daysBefore: number; inProgressHours: number; daysAfter: number }) =>
    `You can read this patient's history from ${windows.daysBefore} days before a confirmed visit with them until ${windows.inProgressHours} hours after it starts, and for ${windows.daysAfter} days after a completed one.`,
} as const;

export const MEDICINES_MIN = 1;
export const MEDICINES_MAX = 20;
export const MEDICINE_FIELD_MAX = 500;
export const NOTES_MAX = 2000;
export const ACCESS_LOG_PAGE_MAX = 100;

/** Write Prescription's suggestions (CONTRACT.md §5: 15 common medicines, 7 dosages). */
export const MEDICINE_SUGGESTIONS = [
  'Paracetamol',
  'Ibuprofen',
  'Amoxicillin',
  'Azithromycin',
  'Metformin',
  'Amlodipine',
  'Omeprazole',
  'Cetirizine',
  'Loratadine',
  'Salbutamol',
  'Ciprofloxacin',
  'Metronidazole',
  'Prednisolone',
  'Atorvastatin',
  'Losartan',
] as const;
export const DOSAGE_SUGGESTIONS = ['500mg', '250mg', '100mg', '5ml', '10ml', '1 tablet', '2 tablets'] as const;
export const FREQUENCY_SUGGESTIONS = ['Once daily', 'Twice daily', 'Three times daily', 'Every 8 hours', 'As needed'] as const;

export const prescriptionNumber = (id: number) => `RX-${String(id).padStart(6, '0')}`;

/**
 * Health readings' rules (issue 39: kinds, units, plausible bounds, the threshold table): pure data and functions, so
 * the web apps' forms and charts read them from here without the calls' schemas.
 */
export * from './vitals-rules';

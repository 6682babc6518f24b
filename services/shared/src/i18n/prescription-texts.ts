import type { LanguageTexts } from './language';

/** The prescription PDF (prescription service). */
export interface PrescriptionTexts {
  documentTitle: (number: string) => string;
  clinic: string;
  tagline: string;
  prescription: (number: string) => string;
  issued: (date: string) => string;
  patient: string;
  unnamedPatient: (id: number) => string;
  patientId: (id: number) => string;
  doctor: string;
  doctorName: (name: string) => string;
  generalPractice: string;
  appointment: string;
  medicines: string;
  medicine: string;
  dosage: string;
  frequency: string;
  instructions: string;
  notes: string;
  footer: (number: string, appointmentId: number) => string;
}

export const PRESCRIPTION_TEXTS: LanguageTexts<PrescriptionTexts> = {
  en: {
    documentTitle: (number) => `Prescription ${number}`,
    clinic: 'Afya Clinic',
    tagline: 'Medical appointments and prescriptions · Nairobi, Kenya',
    prescription: (number) => `Prescription ${number}`,
    issued: (date) => `Issued ${date}`,
    patient: 'Patient',
    unnamedPatient: (id) => `Patient #${id}`,
    patientId: (id) => `Patient ID ${id}`,
    doctor: 'Doctor',
    doctorName: (name) => `Dr. ${name}`,
    generalPractice: 'General practice',
    appointment: 'Appointment',
    medicines: 'Medicines',
    medicine: 'Medicine',
    dosage: 'Dosage',
    frequency: 'Frequency',
    instructions: 'Instructions',
    notes: 'Notes',
    footer: (number, appointmentId) => `Prescription number ${number} · Appointment #${appointmentId}`,
  },
  sw: {
    documentTitle: (number) => `Agizo la dawa ${number}`,
    clinic: 'Kliniki ya Afya',
    tagline: 'Miadi ya matibabu na maagizo ya dawa · Nairobi, Kenya',
    prescription: (number) => `Agizo la dawa ${number}`,
    issued: (date) => `Limetolewa ${date}`,
    patient: 'Mgonjwa',
    unnamedPatient: (id) => `Mgonjwa #${id}`,
    patientId: (id) => `Namba ya mgonjwa ${id}`,
    doctor: 'Daktari',
    doctorName: (name) => `Dkt. ${name}`,
    generalPractice: 'Tiba ya jumla',
    appointment: 'Miadi',
    medicines: 'Dawa',
    medicine: 'Dawa',
    dosage: 'Kipimo',
    frequency: 'Mara ngapi',
    instructions: 'Maelekezo',
    notes: 'Maelezo ya daktari',
    footer: (number, appointmentId) => `Namba ya agizo la dawa ${number} · Miadi #${appointmentId}`,
  },
};

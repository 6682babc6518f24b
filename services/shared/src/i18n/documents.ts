import type { LanguageTexts, MessageLanguage } from './language';

/**
 * What the services write into documents a person reads (PDFs now; report headers and notifications beside them),
 * in both languages. Each section is one shape for `en` and `sw`, so a text missing in either language does not
 * compile; gateway/test/i18n/catalogue.spec.ts checks that every text is used. English is CONTRACT.md's wording.
 * Free text (medicine names, doctors' notes, people's names) is never here: it is printed as written.
 */
export interface ReceiptTexts {
  documentTitle: (number: string, amount: string) => string;
  tagline: string;
  heading: string;
  paid: string;
  receiptNumber: string;
  datePaid: string;
  patient: string;
  unnamedPatient: (id: number) => string;
  doctor: string;
  doctorName: (name: string) => string;
  unnamedDoctor: (id: number) => string;
  appointment: string;
  paymentMethod: string;
  methodMpesa: string;
  methodCard: string;
  mpesaReceiptNumber: string;
  transactionId: string;
  amount: string;
  thanks: string;
}

export const RECEIPT_TEXTS: LanguageTexts<ReceiptTexts> = {
  en: {
    documentTitle: (number, amount) => `Afya receipt ${number}, ${amount}`,
    tagline: 'Medical appointments · Nairobi, Kenya',
    heading: 'Payment receipt',
    paid: 'Paid',
    receiptNumber: 'Receipt number',
    datePaid: 'Date paid',
    patient: 'Patient',
    unnamedPatient: (id) => `Patient #${id}`,
    doctor: 'Doctor',
    doctorName: (name) => `Dr. ${name}`,
    unnamedDoctor: (id) => `Doctor #${id}`,
    appointment: 'Appointment',
    paymentMethod: 'Payment method',
    methodMpesa: 'M-Pesa',
    methodCard: 'Card (Stripe)',
    mpesaReceiptNumber: 'M-Pesa receipt number',
    transactionId: 'Transaction ID',
    amount: 'Amount',
    thanks: 'Thank you for choosing Afya. Keep this receipt for your records and insurance claims.',
  },
  sw: {
    documentTitle: (number, amount) => `Risiti ya Afya ${number}, ${amount}`,
    tagline: 'Miadi ya matibabu · Nairobi, Kenya',
    heading: 'Risiti ya malipo',
    paid: 'Imelipwa',
    receiptNumber: 'Namba ya risiti',
    datePaid: 'Tarehe ya malipo',
    patient: 'Mgonjwa',
    unnamedPatient: (id) => `Mgonjwa #${id}`,
    doctor: 'Daktari',
    doctorName: (name) => `Dkt. ${name}`,
    unnamedDoctor: (id) => `Daktari #${id}`,
    appointment: 'Miadi',
    paymentMethod: 'Njia ya malipo',
    methodMpesa: 'M-Pesa',
    methodCard: 'Kadi (Stripe)',
    mpesaReceiptNumber: 'Namba ya risiti ya M-Pesa',
    transactionId: 'Namba ya muamala',
    amount: 'Kiasi',
    thanks: 'Asante kwa kuchagua Afya. Hifadhi risiti hii kwa kumbukumbu zako na madai ya bima.',
  },
};

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

/**
 * The names of fixed choices a person reads on a document (appointment types, specializations, visit modes):
 * CONTRACT.md's English values as keys. A value not listed is printed as it is.
 */
export const CHOICE_LABELS_SW: Readonly<Record<string, string>> = {
  'Regular Checkup': 'Uchunguzi wa kawaida',
  'Follow-up': 'Ufuatiliaji',
  Consultation: 'Ushauri wa daktari',
  Emergency: 'Dharura',
  Vaccination: 'Chanjo',
  'Lab Work': 'Vipimo vya maabara',
  Cardiology: 'Magonjwa ya moyo',
  Dermatology: 'Magonjwa ya ngozi',
  Endocrinology: 'Magonjwa ya homoni',
  Gastroenterology: 'Magonjwa ya tumbo',
  Neurology: 'Magonjwa ya mishipa ya fahamu',
  Oncology: 'Saratani',
  Orthopedics: 'Mifupa',
  Pediatrics: 'Magonjwa ya watoto',
  Psychiatry: 'Afya ya akili',
  Radiology: 'Radiolojia',
  Surgery: 'Upasuaji',
  Urology: 'Magonjwa ya njia ya mkojo',
  'In person': 'Ana kwa ana',
  Video: 'Video',
};

export function choiceLabel(value: string, language: MessageLanguage): string {
  return language === 'sw' ? (CHOICE_LABELS_SW[value] ?? value) : value;
}

/** A clinic slot as its reader writes time: '02:30 PM' in English (as booked), '14:30' in Kiswahili. */
export function slotLabel(slot: string, language: MessageLanguage): string {
  if (language === 'en') return slot;
  const match = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i.exec(slot.trim());
  if (!match) return slot;
  const hour = (Number(match[1]) % 12) + (match[3].toUpperCase() === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${match[2]}`;
}

/**
 * The CSV reports' header row in Kiswahili (?lang=sw), keyed by the English header. Only the header row is
 * translated: the columns, their order and their values stay as in English, so a spreadsheet reads both alike.
 */
export const REPORT_HEADERS_SW: Readonly<Record<string, string>> = {
  'Appointment ID': 'Namba ya miadi',
  Patient: 'Mgonjwa',
  'Patient Email': 'Barua pepe ya mgonjwa',
  Doctor: 'Daktari',
  'Appointment Date': 'Tarehe ya miadi',
  'Time Slot': 'Muda wa miadi',
  Type: 'Aina',
  Visit: 'Ziara',
  Status: 'Hali',
  'Amount (Ksh)': 'Kiasi (Ksh)',
  Paid: 'Imelipwa',
  'Booked At': 'Iliwekwa',
  'User ID': 'Namba ya mtumiaji',
  'First Name': 'Jina la kwanza',
  'Last Name': 'Jina la mwisho',
  Email: 'Barua pepe',
  Phone: 'Simu',
  Role: 'Jukumu',
  'Registered At': 'Alisajiliwa',
  'Payment ID': 'Namba ya malipo',
  Method: 'Njia ya malipo',
  'Refunded (Ksh)': 'Kilichorejeshwa (Ksh)',
  'Net (Ksh)': 'Kiasi halisi (Ksh)',
  'Provider Reference': 'Kumbukumbu ya mtoa huduma',
  Date: 'Tarehe',
  'Prescription ID': 'Namba ya agizo la dawa',
  Medicines: 'Dawa',
  'Issued At': 'Lilitolewa',
};

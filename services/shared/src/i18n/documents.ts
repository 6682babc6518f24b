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

export interface DataExportTexts {
  documentTitle: string;
  heading: string;
  intro: (generated: string) => string;
  none: string;
  profile: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  account: string;
  accountLine: (role: string, status: string, since: string) => string;
  lastSignIn: string;
  appointments: string;
  payments: string;
  prescriptions: string;
  medicalHistory: string;
  tickets: string;
  accessLog: string;
  erasureRequests: string;
  doctorProfile: string;
  waitlistEntries: string;
  waitlistOffers: string;
  labResults: string;
  removedRecords: string;
  messagePreferences: string;
  /** SMS and email on or off, as set. */
  preferencesLine: (sms: string, email: string, since: string) => string;
  /** No preference ever saved: both channels on. */
  preferencesDefault: string;
  on: string;
  off: string;
  messagesSent: string;
  passwordResets: string;
  signedOutSessions: string;
  /** Column headers of the sections' tables. */
  columns: {
    date: string;
    time: string;
    doctor: string;
    type: string;
    status: string;
    amount: string;
    paid: string;
    diagnosis: string;
    treatment: string;
    appointment: string;
    method: string;
    receipt: string;
    refunded: string;
    number: string;
    issued: string;
    medicines: string;
    notes: string;
    record: string;
    opened: string;
    subject: string;
    messages: string;
    when: string;
    who: string;
    role: string;
    action: string;
    outcome: string;
    requested: string;
    decided: string;
    specialization: string;
    fee: string;
    days: string;
    video: string;
    dates: string;
    joined: string;
    offered: string;
    heldUntil: string;
    test: string;
    content: string;
    reason: string;
    removed: string;
    about: string;
    channel: string;
    to: string;
    due: string;
    sent: string;
    used: string;
    validUntil: string;
    session: string;
  };
  doctorName: (name: string) => string;
  yes: string;
  no: string;
  methodMpesa: string;
  methodCard: string;
  through: (service: string) => string;
  shown: string;
  refused: string;
  /** What an access touched, as the audit log writes it ('Prescription RX-000042', 'Appointment #17', 'Medical history'). */
  record: (record: string) => string;
  /** The account's role when it is a patient ('user'). */
  patient: string;
  /** A fixed value of the archive (a status, a role, an access's action): English as stored, Kiswahili named. */
  value: (value: string) => string;
}

/** Kiswahili for the fixed values the data export prints (statuses, roles, access actions), keyed as stored. */
export const DATA_EXPORT_VALUES_SW: Readonly<Record<string, string>> = {
  Pending: 'Inasubiri',
  Confirmed: 'Imethibitishwa',
  Completed: 'Imekamilika',
  Cancelled: 'Imeghairiwa',
  completed: 'imekamilika',
  pending: 'inasubiri',
  failed: 'imeshindikana',
  refunded: 'imerejeshwa',
  open: 'wazi',
  'in-progress': 'inashughulikiwa',
  resolved: 'imetatuliwa',
  closed: 'imefungwa',
  approved: 'imeidhinishwa',
  rejected: 'imekataliwa',
  active: 'hai',
  inactive: 'haitumiki',
  suspended: 'imesimamishwa',
  user: 'mgonjwa',
  patient: 'mgonjwa',
  doctor: 'daktari',
  admin: 'msimamizi',
  viewed: 'aliangalia',
  created: 'aliunda',
  updated: 'alisasisha',
  deleted: 'alifuta',
  downloaded: 'alipakua',
  joined_video: 'alijiunga na ziara ya video',
  left_video: 'aliondoka kwenye ziara ya video',
  // waitlist entries and offers
  waiting: 'unasubiri',
  offered: 'umepewa nafasi',
  booked: 'miadi imewekwa',
  left: 'umeondoka',
  held: 'imeshikiliwa',
  claimed: 'imechukuliwa',
  declined: 'imekataliwa',
  expired: 'muda umekwisha',
  withdrawn: 'imeondolewa',
  // messages: what about, how, how it went
  'booking-confirmation': 'uthibitisho wa miadi',
  'payment-confirmation': 'uthibitisho wa malipo',
  cancellation: 'kughairiwa kwa miadi',
  'reminder-24h': 'kikumbusho cha saa 24',
  'reminder-2h': 'kikumbusho cha saa 2',
  reschedule: 'miadi imehamishwa',
  'doctor-reschedule': 'miadi imehamishwa (kwa daktari)',
  'waitlist-offer': 'ofa ya orodha ya kusubiri',
  'password-reset': 'kuweka upya nenosiri',
  sms: 'SMS',
  email: 'barua pepe',
  sending: 'inatumwa',
  sent: 'imetumwa',
  delivered: 'imefika',
  retrying: 'inajaribiwa tena',
  skipped: 'haikutumwa',
};

export const DATA_EXPORT_TEXTS: LanguageTexts<DataExportTexts> = {
  en: {
    documentTitle: 'Afya data export',
    heading: 'Afya Clinic · Your data',
    intro: (generated) => `Everything Afya holds about your account, generated ${generated}. The JSON archive has the same data in full.`,
    none: 'None.',
    profile: 'Profile',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    address: 'Address',
    account: 'Account',
    accountLine: (role, status, since) => `${role} · ${status} · since ${since}`,
    lastSignIn: 'Last sign-in',
    appointments: 'Appointments',
    payments: 'Payments',
    prescriptions: 'Prescriptions',
    medicalHistory: 'Medical history',
    tickets: 'Support tickets',
    accessLog: 'Who accessed your records',
    erasureRequests: 'Erasure requests',
    doctorProfile: 'Your doctor profile',
    waitlistEntries: 'Waitlists you joined',
    waitlistOffers: 'Slots offered to you from a waitlist',
    labResults: 'Lab results',
    removedRecords: 'Records removed from your medical history',
    messagePreferences: 'Message preferences',
    preferencesLine: (sms, email, since) => `SMS ${sms} · email ${email} · set ${since}`,
    preferencesDefault: 'Never changed: SMS and email on.',
    on: 'on',
    off: 'off',
    messagesSent: 'SMS and emails to you',
    passwordResets: 'Password resets',
    signedOutSessions: 'Sessions signed out',
    columns: {
      date: 'Date',
      time: 'Time',
      doctor: 'Doctor',
      type: 'Type',
      status: 'Status',
      amount: 'Amount',
      paid: 'Paid',
      diagnosis: 'Diagnosis',
      treatment: 'Treatment',
      appointment: 'Appointment',
      method: 'Method',
      receipt: 'Receipt',
      refunded: 'Refunded',
      number: 'Number',
      issued: 'Issued',
      medicines: 'Medicines',
      notes: 'Notes',
      record: 'Record',
      opened: 'Opened',
      subject: 'Subject',
      messages: 'Messages',
      when: 'When',
      who: 'Who',
      role: 'Role',
      action: 'Action',
      outcome: 'Outcome',
      requested: 'Requested',
      decided: 'Decided',
      specialization: 'Specialization',
      fee: 'Fee',
      days: 'Days',
      video: 'Video visits',
      dates: 'Dates',
      joined: 'Joined',
      offered: 'Offered',
      heldUntil: 'Held until',
      test: 'Test',
      content: 'Message',
      reason: 'Reason',
      removed: 'Removed',
      about: 'About',
      channel: 'Channel',
      to: 'To',
      due: 'Due',
      sent: 'Sent',
      used: 'Used',
      validUntil: 'Valid until',
      session: 'Session',
    },
    doctorName: (name) => `Dr. ${name}`,
    yes: 'yes',
    no: 'no',
    methodMpesa: 'M-Pesa',
    methodCard: 'Card',
    through: (service) => ` (through the ${service} service)`,
    shown: 'shown',
    refused: 'refused',
    record: (record) => record,
    patient: 'Patient',
    value: (value) => value,
  },
  sw: {
    documentTitle: 'Data zako kutoka Afya',
    heading: 'Kliniki ya Afya · Data zako',
    intro: (generated) => `Kila kitu Afya inachohifadhi kuhusu akaunti yako, kimetolewa ${generated}. Faili la JSON lina data hizi zote kamili.`,
    none: 'Hakuna.',
    profile: 'Wasifu',
    name: 'Jina',
    email: 'Barua pepe',
    phone: 'Simu',
    address: 'Anwani',
    account: 'Akaunti',
    accountLine: (role, status, since) => `${role} · ${status} · tangu ${since}`,
    lastSignIn: 'Mara ya mwisho kuingia',
    appointments: 'Miadi',
    payments: 'Malipo',
    prescriptions: 'Maagizo ya dawa',
    medicalHistory: 'Historia ya matibabu',
    tickets: 'Tiketi za msaada',
    accessLog: 'Walioangalia kumbukumbu zako',
    erasureRequests: 'Maombi ya kufuta akaunti',
    doctorProfile: 'Wasifu wako wa daktari',
    waitlistEntries: 'Orodha za kusubiri ulizoingia',
    waitlistOffers: 'Nafasi ulizopewa kutoka orodha ya kusubiri',
    labResults: 'Majibu ya maabara',
    removedRecords: 'Kumbukumbu zilizoondolewa kwenye historia yako ya matibabu',
    messagePreferences: 'Mapendeleo ya jumbe',
    preferencesLine: (sms, email, since) => `SMS ${sms} · barua pepe ${email} · imewekwa ${since}`,
    preferencesDefault: 'Hayajawahi kubadilishwa: SMS na barua pepe zimewashwa.',
    on: 'zimewashwa',
    off: 'zimezimwa',
    messagesSent: 'SMS na barua pepe kwako',
    passwordResets: 'Kuweka upya nenosiri',
    signedOutSessions: 'Vikao vilivyotolewa',
    columns: {
      date: 'Tarehe',
      time: 'Saa',
      doctor: 'Daktari',
      type: 'Aina',
      status: 'Hali',
      amount: 'Kiasi',
      paid: 'Imelipwa',
      diagnosis: 'Utambuzi',
      treatment: 'Matibabu',
      appointment: 'Miadi',
      method: 'Njia ya malipo',
      receipt: 'Risiti',
      refunded: 'Imerejeshwa',
      number: 'Namba',
      issued: 'Lilitolewa',
      medicines: 'Dawa',
      notes: 'Maelezo',
      record: 'Kumbukumbu',
      opened: 'Ilifunguliwa',
      subject: 'Mada',
      messages: 'Jumbe',
      when: 'Lini',
      who: 'Nani',
      role: 'Jukumu',
      action: 'Kitendo',
      outcome: 'Matokeo',
      requested: 'Iliombwa',
      decided: 'Iliamuliwa',
      specialization: 'Utaalamu',
      fee: 'Ada',
      days: 'Siku',
      video: 'Ziara za video',
      dates: 'Tarehe',
      joined: 'Uliingia',
      offered: 'Ilitolewa',
      heldUntil: 'Imeshikiliwa hadi',
      test: 'Kipimo',
      content: 'Ujumbe',
      reason: 'Sababu',
      removed: 'Iliondolewa',
      about: 'Kuhusu',
      channel: 'Njia',
      to: 'Kwa',
      due: 'Ilipangwa',
      sent: 'Ilitumwa',
      used: 'Ilitumika',
      validUntil: 'Halali hadi',
      session: 'Kikao',
    },
    doctorName: (name) => `Dkt. ${name}`,
    yes: 'ndiyo',
    no: 'hapana',
    methodMpesa: 'M-Pesa',
    methodCard: 'Kadi',
    through: (service) => ` (kupitia huduma ya ${service})`,
    shown: 'ilionyeshwa',
    refused: 'ilikataliwa',
    record: (record) => {
      if (record === 'Medical history') return 'Historia ya matibabu';
      const prescription = /^Prescription (.+)$/.exec(record);
      if (prescription) return `Agizo la dawa ${prescription[1]}`;
      const appointment = /^Appointment (#\d+)$/.exec(record);
      return appointment ? `Miadi ${appointment[1]}` : record;
    },
    patient: 'Mgonjwa',
    value: (value) => DATA_EXPORT_VALUES_SW[value] ?? value,
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

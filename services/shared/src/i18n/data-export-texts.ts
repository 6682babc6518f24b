import type { LanguageTexts } from './language';
import { DATA_EXPORT_VALUES_SW } from './data-export-values.sw';

/** The data export's PDF (a person's own data, prescription service). */
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
  /** Issue 39: readings and the alerts critical ones raised. */
  vitalReadings: string;
  vitalAlerts: string;
  /** Issue 40: arrival, queue number and outcome of visits. */
  attendance: string;
  /** Issue 38: the insurance covers recorded (member numbers in full: it is the person's own export). */
  insuranceCovers: string;
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
    measured: string;
    reading: string;
    level: string;
    source: string;
    acknowledged: string;
    arrived: string;
    payer: string;
    relationship: string;
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
    vitalReadings: 'Health readings (blood pressure, glucose, weight, height, HbA1c)',
    vitalAlerts: 'Alerts your readings raised for your doctors',
    attendance: 'Your arrival and attendance at visits',
    insuranceCovers: 'Your insurance covers (SHA and insurers)',
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
      measured: 'Measured',
      reading: 'Reading',
      level: 'Level',
      source: 'Where',
      acknowledged: 'Acknowledged',
      arrived: 'Arrived',
      payer: 'Payer',
      relationship: 'Relationship',
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
    vitalReadings: 'Vipimo vya afya (shinikizo la damu, sukari, uzito, urefu, HbA1c)',
    vitalAlerts: 'Tahadhari ambazo vipimo vyako viliwapa madaktari wako',
    attendance: 'Kuwasili na mahudhurio yako katika miadi',
    insuranceCovers: 'Bima zako (SHA na kampuni za bima)',
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
      measured: 'Kilipimwa',
      reading: 'Kipimo',
      level: 'Kiwango',
      source: 'Wapi',
      acknowledged: 'Ilipokelewa',
      arrived: 'Alifika',
      payer: 'Mlipaji',
      relationship: 'Uhusiano',
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

import type { LanguageTexts } from './language';

/**
 * The emails and SMS the support service sends, in the recipient's stored language. English is the wording the
 * messages had before Kiswahili came (unchanged); each language has the same shape, so a text missing in either
 * does not compile. Names, addresses and links are filled in by the sender; every SMS text here is plain GSM-7
 * (no accents, no curly quotes) so a Kiswahili SMS stays one 160-unit part like an English one.
 *
 * The kinds are what a message is about: the support service's message kinds (its MESSAGE_KINDS are this list).
 */
export const NOTIFICATION_KINDS = [
  'booking-confirmation',
  'payment-confirmation',
  'cancellation',
  'reminder-24h',
  'reminder-2h',
  /** to the patient: their visit moved (with the updated calendar event) */
  'reschedule',
  /** to the doctor: a patient moved their visit */
  'doctor-reschedule',
  /** to a waitlisted patient: a freed slot is held for them for a few minutes */
  'waitlist-offer',
  /** to the patient: their doctor's leave or a clinic closure fell on their visit, which needs a new time (issue 37) */
  'new-time-needed',
  /** to a doctor: a patient in their care recorded a critical reading (issue 39); never the value or the patient's name */
  'vital-alert',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The visit messages a member's carers also receive (issue 36, decision 0118): a child's carers, and a linked adult's
 * carer with the `reminders` scope. Each says whose visit it is (the member's first name) and nothing else about them.
 */
export const CARER_NOTIFICATION_KINDS = ['booking-confirmation', 'cancellation', 'reminder-24h', 'reminder-2h', 'reschedule', 'new-time-needed'] as const;
export type CarerNotificationKind = (typeof CARER_NOTIFICATION_KINDS)[number];

export interface NotificationTexts {
  /** The SMS without its link: `who` is the doctor (the patient for doctor-reschedule), `when` the day and time, `was` the previous time or ''. */
  sms: Record<NotificationKind, (who: string, when: string, was: string) => string>;
  smsWas: (when: string) => string;
  aPatient: string;
  subjects: Record<NotificationKind, string>;
  /** The email's first sentence. */
  leads: Record<NotificationKind, string>;
  hello: (name: string) => string;
  helloThere: string;
  doctorName: (name: string) => string;
  labels: { patient: string; doctor: string; date: string; time: string; was: string; type: string };
  clinicTime: (slot: string) => string;
  yourAppointments: (link: string) => string;
  seeAppointments: string;
  calendarTitle: (doctor: string) => string;
  calendarDescription: (type: string, link: string) => string;
  resetSms: (code: string, minutes: number) => string;
  /** Issue 42: three wrong USSD PINs in a row locked USSD for the account for `minutes`. */
  ussdLockedSms: (tries: number, minutes: number) => string;
  resetSubject: string;
  resetAsked: string;
  resetOpenLink: string;
  resetChoose: string;
  resetValidity: (minutes: number) => string;
  /** A freed slot offered from the waitlist: held until a time, confirmed on a page after sign-in. */
  offer: {
    heldUntil: (time: string) => string;
    confirmSms: string;
    held: (minutes: number) => string;
    heldUntilLabel: string;
    confirm: string;
    confirmText: (link: string) => string;
  };
  /** A critical reading's alert to a doctor: where to look, never the reading or who recorded it. */
  alert: { see: string; seeText: (link: string) => string };
  /** To a carer about a member's visit: `member` is the member's first name; the rest as in `sms`. */
  carer: {
    sms: Record<CarerNotificationKind, (member: string, who: string, when: string, was: string) => string>;
    subjects: Record<CarerNotificationKind, (member: string) => string>;
    lead: (member: string) => string;
    seeFamily: string;
    familyLink: (link: string) => string;
  };
}

export const NOTIFICATION_TEXTS: LanguageTexts<NotificationTexts> = {
  en: {
    sms: {
      'booking-confirmation': (who, when, was) => `Afya: booked Dr ${who}, ${when}${was}.`,
      'payment-confirmation': (who, when, was) => `Afya: payment received for Dr ${who}, ${when}${was}.`,
      cancellation: (who, when, was) => `Afya: cancelled Dr ${who}, ${when}${was}.`,
      'reminder-24h': (who, when, was) => `Afya reminder: tomorrow Dr ${who}, ${when}${was}.`,
      'reminder-2h': (who, when, was) => `Afya reminder: in 2 hours Dr ${who}, ${when}${was}.`,
      reschedule: (who, when, was) => `Afya: moved to Dr ${who}, ${when}${was}.`,
      'doctor-reschedule': (who, when, was) => `Afya: ${who} moved their visit to ${when}${was}.`,
      'waitlist-offer': (who, when, was) => `Afya: a slot opened with Dr ${who}, ${when}${was}.`,
      'new-time-needed': (who, when, was) => `Afya: Dr ${who} cannot see you on ${when}${was}. Please pick a new time:`,
      'vital-alert': () => 'Afya: a patient in your care recorded a critical reading. See your alerts:',
    },
    smsWas: (when) => ` (was ${when})`,
    aPatient: 'A patient',
    subjects: {
      'booking-confirmation': 'Your appointment is booked',
      'payment-confirmation': 'Payment received for your appointment',
      cancellation: 'Your appointment is cancelled',
      'reminder-24h': 'Reminder: your appointment is tomorrow',
      'reminder-2h': 'Reminder: your appointment is in 2 hours',
      reschedule: 'Your appointment has moved',
      'doctor-reschedule': 'A patient moved their appointment',
      'waitlist-offer': 'A slot opened for you',
      'new-time-needed': 'Your appointment needs a new time',
      'vital-alert': 'A patient in your care recorded a critical reading',
    },
    leads: {
      'booking-confirmation': 'Your appointment is booked.',
      'payment-confirmation': 'We received your payment. Your appointment is confirmed.',
      cancellation: 'Your appointment has been cancelled.',
      'reminder-24h': 'This is a reminder of your appointment tomorrow.',
      'reminder-2h': 'This is a reminder of your appointment in 2 hours.',
      reschedule: 'Your appointment has moved to a new time.',
      'doctor-reschedule': 'A patient moved their appointment with you.',
      'waitlist-offer': 'A slot opened with the doctor whose waitlist you joined.',
      'new-time-needed': 'Your doctor cannot see you at the time of your appointment. Please pick a new time with the same doctor: your payment stays with the visit.',
      'vital-alert': 'A patient in your care recorded a critical reading in Afya. The reading, and the advice the patient was given, are on your alerts page.',
    },
    hello: (name) => `Hello ${name},`,
    helloThere: 'there',
    doctorName: (name) => `Dr ${name}`,
    labels: { patient: 'Patient', doctor: 'Doctor', date: 'Date', time: 'Time', was: 'Was', type: 'Type' },
    clinicTime: (slot) => `${slot} (East Africa Time)`,
    yourAppointments: (link) => `Your appointments: ${link}`,
    seeAppointments: 'See your appointments',
    calendarTitle: (doctor) => `Appointment with Dr ${doctor}`,
    calendarDescription: (type, link) => `${type} at Afya. Your appointments: ${link}`,
    resetSms: (code, minutes) => `Afya: your password reset code is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
    ussdLockedSms: (tries, minutes) => `Afya: a wrong USSD PIN was entered ${tries} times, so USSD is locked for ${minutes} minutes. If this was not you, change your PIN in the Afya app or at reception.`,
    resetSubject: 'Reset your Afya password',
    resetAsked: 'Someone (we hope you) asked to reset the password of your Afya account.',
    resetOpenLink: 'Open this link to choose a new one:',
    resetChoose: 'Choose a new password',
    resetValidity: (minutes) => `The link works once and for ${minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
    offer: {
      heldUntil: (time) => `Held for you until ${time}.`,
      confirmSms: 'Confirm:',
      held: (minutes) => `It is held for you for ${minutes} minutes: sign in and confirm it to book it. If you do not, it goes to the next patient on the waitlist.`,
      heldUntilLabel: 'Held for you until',
      confirm: 'Confirm the slot',
      confirmText: (link) => `Confirm the slot: ${link}`,
    },
    alert: { see: 'See your alerts', seeText: (link) => `Your alerts: ${link}` },
    carer: {
      sms: {
        'booking-confirmation': (member, who, when, was) => `Afya: booked ${member}'s visit with Dr ${who}, ${when}${was}.`,
        cancellation: (member, who, when, was) => `Afya: cancelled ${member}'s visit with Dr ${who}, ${when}${was}.`,
        'reminder-24h': (member, who, when, was) => `Afya: reminder for ${member}'s visit with Dr ${who} tomorrow, ${when}${was}.`,
        'reminder-2h': (member, who, when, was) => `Afya: reminder for ${member}'s visit with Dr ${who} in 2 hours, ${when}${was}.`,
        reschedule: (member, who, when, was) => `Afya: ${member}'s visit with Dr ${who} moved to ${when}${was}.`,
        'new-time-needed': (member, who, when, was) => `Afya: Dr ${who} cannot see ${member} on ${when}${was}. Please pick a new time:`,
      },
      subjects: {
        'booking-confirmation': (member) => `${member}'s appointment is booked`,
        cancellation: (member) => `${member}'s appointment is cancelled`,
        'reminder-24h': (member) => `Reminder: ${member}'s appointment is tomorrow`,
        'reminder-2h': (member) => `Reminder: ${member}'s appointment is in 2 hours`,
        reschedule: (member) => `${member}'s appointment has moved`,
        'new-time-needed': (member) => `${member}'s appointment needs a new time`,
      },
      lead: (member) => `This message is about ${member}'s appointment, which you follow on Afya as family.`,
      seeFamily: 'See your family',
      familyLink: (link) => `Your family: ${link}`,
    },
  },
  sw: {
    sms: {
      'booking-confirmation': (who, when, was) => `Afya: miadi na Dkt ${who} imewekwa, ${when}${was}.`,
      'payment-confirmation': (who, when, was) => `Afya: malipo yamepokelewa, miadi na Dkt ${who}, ${when}${was}.`,
      cancellation: (who, when, was) => `Afya: miadi na Dkt ${who} imeghairiwa, ${when}${was}.`,
      'reminder-24h': (who, when, was) => `Afya kumbusho: kesho, miadi na Dkt ${who}, ${when}${was}.`,
      'reminder-2h': (who, when, was) => `Afya kumbusho: baada ya saa 2, miadi na Dkt ${who}, ${when}${was}.`,
      reschedule: (who, when, was) => `Afya: miadi na Dkt ${who} imehamishwa hadi ${when}${was}.`,
      'doctor-reschedule': (who, when, was) => `Afya: ${who} amehamisha miadi hadi ${when}${was}.`,
      'waitlist-offer': (who, when, was) => `Afya: nafasi imepatikana na Dkt ${who}, ${when}${was}.`,
      'new-time-needed': (who, when, was) => `Afya: Dkt ${who} hatakuona ${when}${was}. Tafadhali chagua muda mpya:`,
      'vital-alert': () => 'Afya: mgonjwa unayemhudumia ameweka kipimo cha hatari. Tazama tahadhari zako:',
    },
    smsWas: (when) => ` (awali ${when})`,
    aPatient: 'Mgonjwa',
    subjects: {
      'booking-confirmation': 'Miadi yako imewekwa',
      'payment-confirmation': 'Malipo ya miadi yako yamepokelewa',
      cancellation: 'Miadi yako imeghairiwa',
      'reminder-24h': 'Kumbusho: una miadi kesho',
      'reminder-2h': 'Kumbusho: una miadi baada ya saa 2',
      reschedule: 'Miadi yako imehamishwa',
      'doctor-reschedule': 'Mgonjwa amehamisha miadi yake',
      'waitlist-offer': 'Nafasi imepatikana kwa ajili yako',
      'new-time-needed': 'Miadi yako inahitaji muda mpya',
      'vital-alert': 'Mgonjwa unayemhudumia ameweka kipimo cha hatari',
    },
    leads: {
      'booking-confirmation': 'Miadi yako imewekwa.',
      'payment-confirmation': 'Tumepokea malipo yako. Miadi yako imethibitishwa.',
      cancellation: 'Miadi yako imeghairiwa.',
      'reminder-24h': 'Huu ni ukumbusho wa miadi yako ya kesho.',
      'reminder-2h': 'Huu ni ukumbusho wa miadi yako baada ya saa 2.',
      reschedule: 'Miadi yako imehamishiwa muda mpya.',
      'doctor-reschedule': 'Mgonjwa amehamisha miadi yake nawe.',
      'waitlist-offer': 'Nafasi imepatikana kwa daktari ambaye uliingia kwenye orodha yake ya kusubiri.',
      'new-time-needed': 'Daktari wako hatakuona wakati wa miadi yako. Tafadhali chagua muda mpya na daktari yule yule: malipo yako yanabaki na miadi.',
      'vital-alert': 'Mgonjwa unayemhudumia ameweka kipimo cha hatari kwenye Afya. Kipimo, na ushauri aliopewa mgonjwa, viko kwenye ukurasa wa tahadhari zako.',
    },
    hello: (name) => `Habari ${name},`,
    helloThere: 'mpendwa',
    doctorName: (name) => `Dkt ${name}`,
    labels: { patient: 'Mgonjwa', doctor: 'Daktari', date: 'Tarehe', time: 'Saa', was: 'Awali', type: 'Aina' },
    clinicTime: (slot) => `${slot} (saa za Afrika Mashariki)`,
    yourAppointments: (link) => `Miadi yako: ${link}`,
    seeAppointments: 'Tazama miadi yako',
    calendarTitle: (doctor) => `Miadi na Dkt ${doctor}`,
    calendarDescription: (type, link) => `${type} katika Afya. Miadi yako: ${link}`,
    resetSms: (code, minutes) => `Afya: msimbo wako wa kuweka upya nenosiri ni ${code}. Ni halali kwa dakika ${minutes}. Kama hukuuomba, puuza ujumbe huu.`,
    ussdLockedSms: (tries, minutes) => `Afya: PIN ya USSD isiyo sahihi iliingizwa mara ${tries}, kwa hivyo USSD imefungwa kwa dakika ${minutes}. Kama si wewe, badilisha PIN kwenye programu ya Afya au mapokezi.`,
    resetSubject: 'Weka upya nenosiri lako la Afya',
    resetAsked: 'Mtu fulani (tunatumaini ni wewe) ameomba kuweka upya nenosiri la akaunti yako ya Afya.',
    resetOpenLink: 'Fungua kiungo hiki ili kuchagua jipya:',
    resetChoose: 'Chagua nenosiri jipya',
    resetValidity: (minutes) => `Kiungo kinafanya kazi mara moja tu na kwa dakika ${minutes}. Kama hukuomba, puuza barua pepe hii: nenosiri lako litabaki lilivyo.`,
    offer: {
      heldUntil: (time) => `Imeshikiliwa kwako hadi ${time}.`,
      confirmSms: 'Thibitisha:',
      held: (minutes) => `Imeshikiliwa kwa ajili yako kwa dakika ${minutes}: ingia na uithibitishe ili kuiweka. Usipofanya hivyo, itampita mgonjwa anayefuata kwenye orodha ya kusubiri.`,
      heldUntilLabel: 'Imeshikiliwa hadi',
      confirm: 'Thibitisha nafasi',
      confirmText: (link) => `Thibitisha nafasi: ${link}`,
    },
    alert: { see: 'Tazama tahadhari zako', seeText: (link) => `Tahadhari zako: ${link}` },
    carer: {
      sms: {
        'booking-confirmation': (member, who, when, was) => `Afya: miadi ya ${member} na Dkt ${who} imewekwa, ${when}${was}.`,
        cancellation: (member, who, when, was) => `Afya: miadi ya ${member} na Dkt ${who} imeghairiwa, ${when}${was}.`,
        'reminder-24h': (member, who, when, was) => `Afya kumbusho: kesho, miadi ya ${member} na Dkt ${who}, ${when}${was}.`,
        'reminder-2h': (member, who, when, was) => `Afya kumbusho: baada ya saa 2, miadi ya ${member} na Dkt ${who}, ${when}${was}.`,
        reschedule: (member, who, when, was) => `Afya: miadi ya ${member} na Dkt ${who} imehamishwa hadi ${when}${was}.`,
        'new-time-needed': (member, who, when, was) => `Afya: Dkt ${who} hatamwona ${member} ${when}${was}. Tafadhali chagua muda mpya:`,
      },
      subjects: {
        'booking-confirmation': (member) => `Miadi ya ${member} imewekwa`,
        cancellation: (member) => `Miadi ya ${member} imeghairiwa`,
        'reminder-24h': (member) => `Kumbusho: ${member} ana miadi kesho`,
        'reminder-2h': (member) => `Kumbusho: ${member} ana miadi baada ya saa 2`,
        reschedule: (member) => `Miadi ya ${member} imehamishwa`,
        'new-time-needed': (member) => `Miadi ya ${member} inahitaji muda mpya`,
      },
      lead: (member) => `Ujumbe huu unahusu miadi ya ${member}, unayoifuatilia kwenye Afya kama familia.`,
      seeFamily: 'Tazama familia yako',
      familyLink: (link) => `Familia yako: ${link}`,
    },
  },
};

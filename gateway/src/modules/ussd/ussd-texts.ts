/**
 * Every USSD screen's words, in English and Kiswahili (issue 42). Plain ASCII (no accents, no curly quotes): feature
 * phones show GSM-7, and a screen is at most USSD_SCREEN_MAX characters, which ussd-menu.spec.ts checks for every
 * screen in both languages with the longest names the menu lets through.
 */
export type UssdLanguage = 'en' | 'sw';

/** What one USSD screen may hold (the networks' limit, "CON "/"END " not counted). */
export const USSD_SCREEN_MAX = 182;

export interface UssdTexts {
  unknownPhone: string;
  noPin: string;
  locked: (until: string) => string;
  enterPin: (firstname: string) => string;
  wrongPin: (triesLeft: number) => string;
  lockedNow: (minutes: number) => string;
  mainMenu: string;
  invalid: string;
  more: string;
  whoFor: string;
  me: string;
  specialty: string;
  noDoctors: string;
  doctor: string;
  day: string;
  noDays: string;
  time: (day: string) => string;
  noTimes: string;
  confirm: (doctor: string, when: string, who: string, fee: string) => string;
  confirmKeys: string;
  notBooked: string;
  slotTaken: string;
  booked: (when: string, fee: string) => string;
  bookedNoPush: (when: string) => string;
  bookedForMember: (when: string) => string;
  appointments: string;
  noAppointments: string;
  cancelAsk: (visit: string, refund: string) => string;
  refundFull: string;
  refundNone: string;
  notPaid: string;
  cancelKeys: string;
  cancelled: string;
  kept: string;
  cancelRefused: string;
  language: string;
  languageSaved: string;
  wrongServiceCode: string;
  unavailable: string;
}

export const USSD_TEXTS: Record<UssdLanguage, UssdTexts> = {
  en: {
    unknownPhone: 'Afya: this phone number has no Afya account. Register at afya or at reception, then dial again. Thank you.',
    noPin: 'Afya: set a USSD PIN in the Afya app (Profile) or at reception, then dial again.',
    locked: (until) => `Afya: USSD is locked after 3 wrong PINs. Try again after ${until}.`,
    enterPin: (firstname) => `Welcome to Afya, ${firstname}.\nEnter your 4-digit USSD PIN:`,
    wrongPin: (left) => `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before USSD locks for 15 minutes. Dial again.`,
    lockedNow: (minutes) => `Wrong PIN 3 times. USSD is locked for ${minutes} minutes. We sent you an SMS.`,
    mainMenu: 'Afya\n1 Book a visit\n2 My appointments\n3 Language / Lugha',
    invalid: 'Invalid choice.',
    more: '0 More',
    whoFor: 'Who is this visit for?',
    me: 'Me',
    specialty: 'Choose a specialty:',
    noDoctors: 'No doctor can be booked now. Please try again later.',
    doctor: 'Choose a doctor:',
    day: 'Choose a day:',
    noDays: 'This doctor has no working days in the next 30 days. Dial again to choose another.',
    time: (day) => `Free times ${day}:`,
    noTimes: 'No free time left that day. Dial again to choose another day.',
    confirm: (doctor, when, who, fee) => `${doctor}\n${when}\nFor: ${who}\nFee: ${fee}, paid by M-Pesa from this phone.`,
    confirmKeys: '1 Confirm\n2 Cancel',
    notBooked: 'Nothing was booked.',
    slotTaken: 'That time was just taken. Nothing was booked. Dial again to choose another.',
    booked: (when, fee) => `Booked for ${when}. Enter your M-Pesa PIN on the prompt to pay ${fee}. An SMS confirms it.`,
    bookedNoPush: (when) => `Booked for ${when}, not yet paid: the M-Pesa prompt failed. Pay in the Afya app or at reception.`,
    bookedForMember: (when) => `Booked for ${when}, not yet paid: the payment service takes M-Pesa only for your own visits. Pay at reception.`,
    appointments: 'Your next visits:',
    noAppointments: 'You have no upcoming visits.',
    cancelAsk: (visit, refund) => `Cancel ${visit}?\n${refund}`,
    refundFull: 'The fee paid is refunded.',
    refundNone: 'Less than 24 hours ahead: it cannot be cancelled now.',
    notPaid: 'Not paid: nothing to refund.',
    cancelKeys: '1 Yes, cancel\n2 No',
    cancelled: 'Visit cancelled. An SMS confirms it.',
    kept: 'Your visit is kept.',
    cancelRefused: 'This visit cannot be cancelled now (less than 24 hours ahead, or already changed).',
    language: 'Language / Lugha\n1 English\n2 Kiswahili',
    languageSaved: 'Afya will speak English.',
    wrongServiceCode: 'Afya: this code is not ours.',
    unavailable: 'Afya is busy. Please dial again in a minute.',
  },
  sw: {
    unknownPhone: 'Afya: nambari hii ya simu haina akaunti ya Afya. Jisajili kwenye Afya au mapokezi, kisha piga tena. Asante.',
    noPin: 'Afya: weka PIN ya USSD kwenye programu ya Afya (Wasifu) au mapokezi, kisha piga tena.',
    locked: (until) => `Afya: USSD imefungwa baada ya PIN 3 zisizo sahihi. Jaribu tena baada ya ${until}.`,
    enterPin: (firstname) => `Karibu Afya, ${firstname}.\nWeka PIN yako ya USSD ya tarakimu 4:`,
    wrongPin: (left) => `PIN si sahihi. Majaribio ${left} yamebaki kabla USSD kufungwa kwa dakika 15. Piga tena.`,
    lockedNow: (minutes) => `PIN si sahihi mara 3. USSD imefungwa kwa dakika ${minutes}. Tumekutumia SMS.`,
    mainMenu: 'Afya\n1 Weka miadi\n2 Miadi yangu\n3 Lugha / Language',
    invalid: 'Chaguo si sahihi.',
    more: '0 Zaidi',
    whoFor: 'Miadi hii ni ya nani?',
    me: 'Mimi',
    specialty: 'Chagua utaalamu:',
    noDoctors: 'Hakuna daktari anayeweza kupangiwa sasa. Tafadhali jaribu baadaye.',
    doctor: 'Chagua daktari:',
    day: 'Chagua siku:',
    noDays: 'Daktari huyu hana siku za kazi katika siku 30 zijazo. Piga tena uchague mwingine.',
    time: (day) => `Saa zilizo wazi ${day}:`,
    noTimes: 'Hakuna saa iliyo wazi siku hiyo. Piga tena uchague siku nyingine.',
    confirm: (doctor, when, who, fee) => `${doctor}\n${when}\nKwa: ${who}\nAda: ${fee}, kwa M-Pesa kutoka simu hii.`,
    confirmKeys: '1 Thibitisha\n2 Ghairi',
    notBooked: 'Hakuna miadi iliyowekwa.',
    slotTaken: 'Saa hiyo imechukuliwa sasa hivi. Hakuna miadi iliyowekwa. Piga tena uchague nyingine.',
    booked: (when, fee) => `Miadi imewekwa ${when}. Weka PIN yako ya M-Pesa kwenye ombi ili kulipa ${fee}. SMS itathibitisha.`,
    bookedNoPush: (when) => `Miadi imewekwa ${when}, haijalipwa: ombi la M-Pesa halikufika. Lipa kwenye programu ya Afya au mapokezi.`,
    bookedForMember: (when) => `Miadi imewekwa ${when}, haijalipwa: M-Pesa kwa USSD ni kwa miadi yako mwenyewe tu. Lipa mapokezi.`,
    appointments: 'Miadi yako ijayo:',
    noAppointments: 'Huna miadi ijayo.',
    cancelAsk: (visit, refund) => `Ghairi ${visit}?\n${refund}`,
    refundFull: 'Ada uliyolipa itarudishwa.',
    refundNone: 'Imebaki chini ya saa 24: haiwezi kughairiwa sasa.',
    notPaid: 'Haijalipwa: hakuna cha kurudisha.',
    cancelKeys: '1 Ndiyo, ghairi\n2 Hapana',
    cancelled: 'Miadi imeghairiwa. SMS itathibitisha.',
    kept: 'Miadi yako imebaki.',
    cancelRefused: 'Miadi hii haiwezi kughairiwa sasa (imebaki chini ya saa 24, au imebadilika).',
    language: 'Lugha / Language\n1 English\n2 Kiswahili',
    languageSaved: 'Afya itatumia Kiswahili.',
    wrongServiceCode: 'Afya: msimbo huu si wetu.',
    unavailable: 'Afya ina shughuli nyingi. Tafadhali piga tena baada ya dakika moja.',
  },
};

const WEEKDAYS: Record<UssdLanguage, string[]> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  sw: ['Jpl', 'Jtt', 'Jnn', 'Jtn', 'Alh', 'Ijm', 'Jms'],
};
const MONTHS: Record<UssdLanguage, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  sw: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ago', 'Sep', 'Okt', 'Nov', 'Des'],
};

/** A clinic date (YYYY-MM-DD) as a keypad screen shows it: "Mon 7 Dec" / "Jtt 7 Des". */
export function ussdDay(date: string, language: UssdLanguage): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[language][weekday]} ${d} ${MONTHS[language][m - 1]}`;
}

/** Ksh as the screens write it: "Ksh 1,500". */
export function ussdKsh(amount: number): string {
  return `Ksh ${Math.round(amount).toLocaleString('en-KE')}`;
}

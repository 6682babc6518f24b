import { USSD_SCREEN_MAX, USSD_TEXTS, type UssdLanguage, type UssdTexts, ussdDay, ussdKsh } from './ussd-texts';

/**
 * The USSD menu (issue 42) as a state machine over the session's `text` alone: Africa's Talking sends every key the
 * person pressed so far, joined by `*`, with each step, so each request replays them from the first screen and
 * nothing is kept between requests. What the keys lead to is read again from the platform each time (UssdPlatform);
 * a key a screen does not take shows that screen again with "Invalid choice." (it stays in `text`, so it is skipped
 * again at every later step). Nothing is written until the last key of a booking or a cancellation.
 *
 * Lists are numbered by a stable position (a doctor's by their place in the specialty's list, a time by its place in
 * the doctor's day), so a number keeps meaning the same thing while the pages around it change.
 */
export interface UssdScreen {
  end: boolean;
  text: string;
}

export type UssdSignIn =
  | { status: 'unknown' | 'no_pin' | 'ready'; firstname: string | null; language: UssdLanguage }
  | { status: 'locked'; language: UssdLanguage; locked_until: string | null; now_locked?: boolean }
  | { status: 'wrong_pin'; language: UssdLanguage; tries_left: number }
  | { status: 'ok'; language: UssdLanguage; user_id: number; firstname: string | null };

export interface UssdDoctor {
  doctor_id: number;
  name: string;
  fee: number;
}
export interface UssdVisit {
  appointment_id: number;
  date: string;
  time_slot: string;
  doctor_name: string;
  paid: boolean;
  /** At least CANCELLATION_NOTICE_HOURS ahead (the web's rule): it may be cancelled. */
  cancellable: boolean;
}
export type UssdBooking = { ok: true; appointment_id: number; amount: number } | { ok: false; taken: boolean };

/** What the menu reads and does, as the patient (the gateway's bus calls; a fake in the unit tests). */
export interface UssdPlatform {
  signIn(phone: string, pin?: string): Promise<UssdSignIn>;
  /** Family members the patient may book for now (the `book` scope). */
  members(userId: number): Promise<{ member_id: number; name: string }[]>;
  specialties(userId: number): Promise<string[]>;
  doctors(userId: number, specialty: string): Promise<UssdDoctor[]>;
  /** The next days (at most 7) the doctor works, clinic dates. */
  days(userId: number, doctorId: number): Promise<string[]>;
  /** Every slot of the doctor's day, in order, and whether it is free. */
  slots(userId: number, doctorId: number, date: string): Promise<{ time_slot: string; available: boolean }[]>;
  book(userId: number, booking: { doctor_id: number; date: string; time_slot: string; member_id: number | null }): Promise<UssdBooking>;
  /** An STK push for the appointment's amount to this phone; false when M-Pesa refused it. */
  pay(userId: number, appointmentId: number, amount: number, phone: string): Promise<boolean>;
  /** The patient's next visits (Pending or Confirmed, still ahead), soonest first. */
  upcoming(userId: number): Promise<UssdVisit[]>;
  cancel(userId: number, appointmentId: number): Promise<boolean>;
  setLanguage(userId: number, language: UssdLanguage): Promise<void>;
}

export const SPECIALTIES_PER_PAGE = 6;
export const DOCTORS_PER_PAGE = 5;
export const TIMES_PER_PAGE = 8;
export const VISITS_SHOWN = 3;
const NAME_MAX = 24;

const con = (text: string): UssdScreen => ({ end: false, text });
const end = (text: string): UssdScreen => ({ end: true, text });

/**
 * The networks cut a longer screen. The unit tests keep every screen the menu makes inside (they see it before this);
 * the controller applies this as the last guard.
 */
export function fitScreen(screen: UssdScreen): UssdScreen {
  return screen.text.length <= USSD_SCREEN_MAX ? screen : { ...screen, text: screen.text.slice(0, USSD_SCREEN_MAX) };
}

/** A name as a list line holds it. */
export function shortName(name: string, max = NAME_MAX): string {
  return name.length <= max ? name : `${name.slice(0, max - 1)}.`;
}

/** The keys pressed, replayed one by one. */
class Keys {
  private index = 0;
  constructor(private readonly keys: readonly string[]) {}
  next(): string | undefined {
    return this.index < this.keys.length ? this.keys[this.index++] : undefined;
  }
}

/** `text` as the provider sends it: '' before the first key, else the keys joined by '*'. */
export function keysOf(text: string): string[] {
  return text === '' ? [] : text.split('*').map((key) => key.trim());
}

type Picked<T> = { item: T } | { screen: UssdScreen };

/**
 * The list's pages: at most `perPage` lines each, and no more than fit one screen beside the title, "Invalid choice."
 * and "0 More" (counted whether shown or not, so the pages are the same at every step).
 */
export function pagesOf(lines: readonly string[], perPage: number, reserved: number): number[][] {
  const pages: number[][] = [];
  let page: number[] = [];
  let used = reserved;
  lines.forEach((line, index) => {
    if (page.length && (page.length === perPage || used + line.length + 1 > USSD_SCREEN_MAX)) {
      pages.push(page);
      [page, used] = [[], reserved];
    }
    page.push(index);
    used += line.length + 1;
  });
  if (page.length || !pages.length) pages.push(page);
  return pages;
}

/**
 * One list screen, paged with "0 More": replays keys until one names an item (by its number, `numberOf`), or shows the
 * page reached. A key naming nothing shows the page again with "Invalid choice.".
 */
function pick<T>(keys: Keys, t: UssdTexts, title: string, items: readonly T[], label: (item: T) => string, perPage: number, numberOf: (item: T, index: number) => number = (_, i) => i + 1): Picked<T> {
  const lines = items.map((item, index) => `${numberOf(item, index)} ${label(item)}`);
  const pages = pagesOf(lines, perPage, t.invalid.length + 1 + title.length + 1 + t.more.length);
  let page = 0;
  let invalid = false;
  for (let key = keys.next(); key !== undefined; key = keys.next()) {
    const chosen = items.find((item, index) => String(numberOf(item, index)) === key);
    if (chosen !== undefined) return { item: chosen };
    invalid = !(key === '0' && pages.length > 1);
    if (!invalid) page = (page + 1) % pages.length;
  }
  const shown = pages[page].map((index) => lines[index]);
  return { screen: con([...(invalid ? [t.invalid] : []), title, ...shown, ...(pages.length > 1 ? [t.more] : [])].join('\n')) };
}

/** A yes/no screen: '1' or '2'; anything else shows it again. */
function yesNo(keys: Keys, t: UssdTexts, question: string, choices: string): boolean | UssdScreen {
  let invalid = false;
  for (let key = keys.next(); key !== undefined; key = keys.next()) {
    if (key === '1') return true;
    if (key === '2') return false;
    invalid = true;
  }
  return con([...(invalid ? [t.invalid] : []), question, choices].join('\n'));
}

/** Clinic time of day of an instant (ISO), for "locked until". */
function clinicTime(iso: string | null): string {
  if (!iso) return '15 min';
  return new Date(iso).toLocaleTimeString('en-GB', { timeZone: 'Africa/Nairobi', hour: '2-digit', minute: '2-digit' });
}

/** The screen for one request: who is dialling (the network's phone number), the keys so far. */
export async function ussdScreen(platform: UssdPlatform, phone: string, text: string): Promise<UssdScreen> {
  const keys = new Keys(keysOf(text));
  const first = keys.next();
  const who = await platform.signIn(phone, first);
  const t = USSD_TEXTS[who.language];
  switch (who.status) {
    case 'unknown':
      return end(t.unknownPhone);
    case 'no_pin':
      return end(t.noPin);
    case 'locked':
      return end(who.now_locked ? t.lockedNow(15) : t.locked(clinicTime(who.locked_until)));
    case 'wrong_pin':
      return end(t.wrongPin(who.tries_left));
    case 'ready':
      return con(t.enterPin(shortName(who.firstname ?? '', 20)));
    case 'ok':
      return mainMenu(platform, keys, t, who.user_id, who.language, phone);
  }
}

async function mainMenu(platform: UssdPlatform, keys: Keys, t: UssdTexts, userId: number, language: UssdLanguage, phone: string): Promise<UssdScreen> {
  let invalid = false;
  for (let key = keys.next(); key !== undefined; key = keys.next()) {
    if (key === '1') return book(platform, keys, t, userId, language, phone);
    if (key === '2') return appointments(platform, keys, t, userId, language);
    if (key === '3') return chooseLanguage(platform, keys, t, userId);
    invalid = true;
  }
  return con([...(invalid ? [t.invalid] : []), t.mainMenu].join('\n'));
}

async function book(platform: UssdPlatform, keys: Keys, t: UssdTexts, userId: number, language: UssdLanguage, phone: string): Promise<UssdScreen> {
  const members = await platform.members(userId);
  let patient: { member_id: number | null; name: string } = { member_id: null, name: t.me };
  if (members.length) {
    const people = [patient, ...members];
    const forWhom = pick(keys, t, t.whoFor, people, (p) => shortName(p.name), DOCTORS_PER_PAGE);
    if ('screen' in forWhom) return forWhom.screen;
    patient = forWhom.item;
  }
  const specialties = await platform.specialties(userId);
  if (!specialties.length) return end(t.noDoctors);
  const specialty = pick(keys, t, t.specialty, specialties, (s) => shortName(s), SPECIALTIES_PER_PAGE);
  if ('screen' in specialty) return specialty.screen;

  const doctors = await platform.doctors(userId, specialty.item);
  if (!doctors.length) return end(t.noDoctors);
  const doctor = pick(keys, t, t.doctor, doctors, (d) => `${shortName(d.name, 20)} ${ussdKsh(d.fee)}`, DOCTORS_PER_PAGE);
  if ('screen' in doctor) return doctor.screen;

  const days = await platform.days(userId, doctor.item.doctor_id);
  if (!days.length) return end(t.noDays);
  const day = pick(keys, t, t.day, days, (d) => ussdDay(d, language), days.length);
  if ('screen' in day) return day.screen;

  const slots = await platform.slots(userId, doctor.item.doctor_id, day.item);
  const free = slots.map((slot, index) => ({ ...slot, number: index + 1 })).filter((slot) => slot.available);
  if (!free.length) return end(t.noTimes);
  const time = pick(keys, t, t.time(ussdDay(day.item, language)), free, (s) => s.time_slot, TIMES_PER_PAGE, (s) => s.number);
  if ('screen' in time) return time.screen;

  const when = `${ussdDay(day.item, language)} ${time.item.time_slot}`;
  const question = t.confirm(`Dr ${shortName(doctor.item.name)}`, when, shortName(patient.name), ussdKsh(doctor.item.fee));
  const confirmed = yesNo(keys, t, question, t.confirmKeys);
  if (typeof confirmed !== 'boolean') return confirmed;
  if (!confirmed) return end(t.notBooked);

  const booking = await platform.book(userId, { doctor_id: doctor.item.doctor_id, date: day.item, time_slot: time.item.time_slot, member_id: patient.member_id });
  if (!booking.ok) return end(booking.taken ? t.slotTaken : t.notBooked);
  // The payment service takes a payment only from the appointment's own patient (a carer's push is refused there).
  if (patient.member_id !== null) return end(t.bookedForMember(when));
  const pushed = await platform.pay(userId, booking.appointment_id, booking.amount, phone);
  return end(pushed ? t.booked(when, ussdKsh(booking.amount)) : t.bookedNoPush(when));
}

async function appointments(platform: UssdPlatform, keys: Keys, t: UssdTexts, userId: number, language: UssdLanguage): Promise<UssdScreen> {
  const visits = (await platform.upcoming(userId)).slice(0, VISITS_SHOWN);
  if (!visits.length) return end(t.noAppointments);
  const label = (v: UssdVisit) => `${ussdDay(v.date, language)} ${v.time_slot} Dr ${shortName(v.doctor_name, 18)}`;
  const visit = pick(keys, t, t.appointments, visits, label, VISITS_SHOWN);
  if ('screen' in visit) return visit.screen;
  if (!visit.item.cancellable) return end(`${label(visit.item)}\n${t.refundNone}`);
  const confirmed = yesNo(keys, t, t.cancelAsk(label(visit.item), visit.item.paid ? t.refundFull : t.notPaid), t.cancelKeys);
  if (typeof confirmed !== 'boolean') return confirmed;
  if (!confirmed) return end(t.kept);
  return end((await platform.cancel(userId, visit.item.appointment_id)) ? t.cancelled : t.cancelRefused);
}

async function chooseLanguage(platform: UssdPlatform, keys: Keys, t: UssdTexts, userId: number): Promise<UssdScreen> {
  const chosen = yesNo(keys, t, t.language, '');
  if (typeof chosen !== 'boolean') return con(chosen.text.replace(/\n$/, ''));
  const language: UssdLanguage = chosen ? 'en' : 'sw';
  await platform.setLanguage(userId, language);
  return end(USSD_TEXTS[language].languageSaved);
}

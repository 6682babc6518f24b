import { keysOf, type UssdBooking, type UssdPlatform, type UssdScreen, ussdScreen, type UssdSignIn, type UssdVisit } from './ussd-menu';
import { USSD_SCREEN_MAX, USSD_TEXTS, type UssdLanguage } from './ussd-texts';

const PHONE = '+254712345678';
const PIN = '4071';
const LONG = 'Wanjiru-Kamau Nyambura Achieng Otieno'; // longer than any line holds

/** The platform as plain data: what it answers and what it was asked to do (the menu's own rules under test). */
function fakePlatform(options: { language?: UssdLanguage; signIn?: UssdSignIn; members?: number; doctors?: number; specialties?: number; longNames?: boolean; visits?: UssdVisit[]; taken?: boolean; pushFails?: boolean } = {}) {
  const language = options.language ?? 'en';
  const name = (i: number) => (options.longNames ? `${LONG} ${i}` : `Grace Wanjiku ${i}`);
  const done = { booked: [] as unknown[], paid: [] as unknown[], cancelled: [] as number[], language: [] as UssdLanguage[], signIns: 0 };
  const platform: UssdPlatform = {
    async signIn(_phone, pin) {
      done.signIns += 1;
      if (options.signIn) return options.signIn;
      if (pin === undefined) return { status: 'ready', firstname: options.longNames ? LONG : 'Achieng', language };
      return pin === PIN ? { status: 'ok', user_id: 7, firstname: 'Achieng', language } : { status: 'wrong_pin', tries_left: 2, language };
    },
    async members() {
      return Array.from({ length: options.members ?? 0 }, (_, i) => ({ member_id: 100 + i, name: name(i) }));
    },
    async specialties() {
      return Array.from({ length: options.specialties ?? 12 }, (_, i) => (options.longNames ? `${LONG} ${i}` : `Specialty ${i + 1}`));
    },
    async doctors() {
      return Array.from({ length: options.doctors ?? 7 }, (_, i) => ({ doctor_id: 10 + i, name: name(i), fee: 1500 + i * 100 }));
    },
    async days() {
      return ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-14', '2026-12-15'];
    },
    async slots() {
      const times = ['08:00 AM', '08:30 AM', '09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '12:00 PM', '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM'];
      return times.map((time_slot, i) => ({ time_slot, available: i !== 1 }));
    },
    async book(_userId, booking): Promise<UssdBooking> {
      if (options.taken) return { ok: false, taken: true };
      done.booked.push(booking);
      return { ok: true, appointment_id: 55, amount: 1500 };
    },
    async pay(_userId, appointmentId, amount, phone) {
      done.paid.push({ appointmentId, amount, phone });
      return !options.pushFails;
    },
    async upcoming() {
      return options.visits ?? [];
    },
    async cancel(_userId, appointmentId) {
      done.cancelled.push(appointmentId);
      return true;
    },
    async setLanguage(_userId, chosen) {
      done.language.push(chosen);
    },
  };
  return { platform, done };
}

const visit = (id: number, over: Partial<UssdVisit> = {}): UssdVisit => ({ appointment_id: id, date: '2026-12-08', time_slot: '09:00 AM', doctor_name: 'Grace Wanjiku', paid: true, cancellable: true, ...over });
const screen = (platform: UssdPlatform, text: string) => ussdScreen(platform, PHONE, text);

describe('the USSD menu, from `text` alone', () => {
  it('splits text as the provider joins it', () => {
    expect(keysOf('')).toEqual([]);
    expect(keysOf('4071*1*2')).toEqual(['4071', '1', '2']);
  });

  it('asks for the PIN on dialling, then shows the main menu', async () => {
    const { platform } = fakePlatform();
    expect(await screen(platform, '')).toEqual({ end: false, text: 'Welcome to Afya, Achieng.\nEnter your 4-digit USSD PIN:' });
    expect(await screen(platform, PIN)).toEqual({ end: false, text: USSD_TEXTS.en.mainMenu });
  });

  it('ends for an unknown phone, a missing PIN, a wrong PIN and a lock', async () => {
    const ends = async (signIn: UssdSignIn) => screen(fakePlatform({ signIn }).platform, '1111');
    expect(await ends({ status: 'unknown', firstname: null, language: 'en' })).toEqual({ end: true, text: USSD_TEXTS.en.unknownPhone });
    expect(await ends({ status: 'no_pin', firstname: 'A', language: 'sw' })).toEqual({ end: true, text: USSD_TEXTS.sw.noPin });
    expect(await ends({ status: 'wrong_pin', tries_left: 1, language: 'en' })).toMatchObject({ end: true, text: expect.stringContaining('1 try left') });
    expect(await ends({ status: 'locked', language: 'en', locked_until: '2026-12-07T09:15:00.000Z', now_locked: true })).toMatchObject({ end: true, text: expect.stringContaining('locked for 15 minutes') });
    expect(await ends({ status: 'locked', language: 'en', locked_until: '2026-12-07T09:15:00.000Z' })).toMatchObject({ end: true, text: expect.stringContaining('after 12:15') });
  });

  it('books: specialty, doctor paged by 5 ("0 More"), day, a free time by its place in the day, confirm with the fee, then the STK push', async () => {
    const { platform, done } = fakePlatform();
    expect((await screen(platform, `${PIN}*1`)).text).toBe('Choose a specialty:\n1 Specialty 1\n2 Specialty 2\n3 Specialty 3\n4 Specialty 4\n5 Specialty 5\n6 Specialty 6\n0 More');
    expect((await screen(platform, `${PIN}*1*0`)).text).toMatch(/^Choose a specialty:\n7 Specialty 7/);
    const doctors = await screen(platform, `${PIN}*1*0*7`);
    expect(doctors.text.split('\n')).toEqual(['Choose a doctor:', '1 Grace Wanjiku 0 Ksh 1,500', '2 Grace Wanjiku 1 Ksh 1,600', '3 Grace Wanjiku 2 Ksh 1,700', '4 Grace Wanjiku 3 Ksh 1,800', '5 Grace Wanjiku 4 Ksh 1,900', '0 More']);
    expect((await screen(platform, `${PIN}*1*0*7*0`)).text).toBe('Choose a doctor:\n6 Grace Wanjiku 5 Ksh 2,000\n7 Grace Wanjiku 6 Ksh 2,100\n0 More');
    expect((await screen(platform, `${PIN}*1*0*7*0*6`)).text).toBe('Choose a day:\n1 Mon 7 Dec\n2 Tue 8 Dec\n3 Wed 9 Dec\n4 Thu 10 Dec\n5 Fri 11 Dec\n6 Mon 14 Dec\n7 Tue 15 Dec');
    // 08:30 is taken: the times keep their numbers (2 is missing), so a number means the same time on every page
    expect((await screen(platform, `${PIN}*1*0*7*0*6*2`)).text).toBe('Free times Tue 8 Dec:\n1 08:00 AM\n3 09:00 AM\n4 09:30 AM\n5 10:00 AM\n6 10:30 AM\n7 11:00 AM\n8 11:30 AM\n9 12:00 PM\n0 More');
    const confirm = await screen(platform, `${PIN}*1*0*7*0*6*2*0*12`);
    expect(confirm).toEqual({ end: false, text: 'Dr Grace Wanjiku 5\nTue 8 Dec 03:00 PM\nFor: Me\nFee: Ksh 2,000, paid by M-Pesa from this phone.\n1 Confirm\n2 Cancel' });
    expect(done.booked).toEqual([]); // nothing is written before the last key
    const booked = await screen(platform, `${PIN}*1*0*7*0*6*2*0*12*1`);
    expect(booked.end).toBe(true);
    expect(booked.text).toContain('Booked for Tue 8 Dec 03:00 PM');
    expect(done.booked).toEqual([{ doctor_id: 15, date: '2026-12-08', time_slot: '03:00 PM', member_id: null }]);
    expect(done.paid).toEqual([{ appointmentId: 55, amount: 1500, phone: PHONE }]);
  });

  it('asks who the visit is for when the patient may book for family, and books for the member chosen', async () => {
    const { platform, done } = fakePlatform({ members: 2, specialties: 1, doctors: 1 });
    expect((await screen(platform, `${PIN}*1`)).text).toBe('Who is this visit for?\n1 Me\n2 Grace Wanjiku 0\n3 Grace Wanjiku 1');
    expect((await screen(platform, `${PIN}*1*3*1*1*1*1`)).text).toContain('For: Grace Wanjiku 1');
    await screen(platform, `${PIN}*1*3*1*1*1*1*1`);
    expect(done.booked).toEqual([expect.objectContaining({ member_id: 101 })]);
    expect(done.paid).toEqual([]); // the payment service refuses a carer's push: nothing is asked of M-Pesa
  });

  it('shows a screen again after a key it does not take; the key stays in text and is skipped at every later step', async () => {
    const { platform } = fakePlatform();
    expect((await screen(platform, `${PIN}*9`)).text).toBe(`Invalid choice.\n${USSD_TEXTS.en.mainMenu}`);
    expect((await screen(platform, `${PIN}*9*1`)).text).toMatch(/^Choose a specialty:/);
    expect((await screen(platform, `${PIN}*9*1*44*1*2`)).text).toBe('Choose a day:\n1 Mon 7 Dec\n2 Tue 8 Dec\n3 Wed 9 Dec\n4 Thu 10 Dec\n5 Fri 11 Dec\n6 Mon 14 Dec\n7 Tue 15 Dec');
  });

  it('a taken time or a "2 Cancel" books nothing; a push that did not start still says booked, not paid', async () => {
    const taken = fakePlatform({ taken: true });
    expect(await screen(taken.platform, `${PIN}*1*1*1*1*1*1`)).toEqual({ end: true, text: USSD_TEXTS.en.slotTaken });
    expect(taken.done.paid).toEqual([]);
    const unpaid = fakePlatform({ pushFails: true });
    expect(await screen(unpaid.platform, `${PIN}*1*1*1*1*1*1`)).toMatchObject({ end: true, text: expect.stringContaining('not yet paid') });
    expect(unpaid.done.booked).toHaveLength(1);
    const declined = fakePlatform();
    expect(await screen(declined.platform, `${PIN}*1*1*1*1*1*2`)).toEqual({ end: true, text: USSD_TEXTS.en.notBooked });
    expect(declined.done.booked).toEqual([]);
  });

  it('lists the next three visits, cancels one when asked, and refuses inside 24 hours without asking', async () => {
    const visits = [visit(1), visit(2, { paid: false }), visit(3, { cancellable: false }), visit(4)];
    const { platform, done } = fakePlatform({ visits });
    expect((await screen(platform, `${PIN}*2`)).text).toBe('Your next visits:\n1 Tue 8 Dec 09:00 AM Dr Grace Wanjiku\n2 Tue 8 Dec 09:00 AM Dr Grace Wanjiku\n3 Tue 8 Dec 09:00 AM Dr Grace Wanjiku');
    expect((await screen(platform, `${PIN}*2*1`)).text).toContain('The fee paid is refunded.\n1 Yes, cancel\n2 No');
    expect((await screen(platform, `${PIN}*2*2`)).text).toContain('Not paid: nothing to refund.');
    expect(await screen(platform, `${PIN}*2*3`)).toMatchObject({ end: true, text: expect.stringContaining('cannot be cancelled now') });
    expect(await screen(platform, `${PIN}*2*1*2`)).toEqual({ end: true, text: USSD_TEXTS.en.kept });
    expect(done.cancelled).toEqual([]);
    expect(await screen(platform, `${PIN}*2*1*1`)).toEqual({ end: true, text: USSD_TEXTS.en.cancelled });
    expect(done.cancelled).toEqual([1]);
  });

  it('remembers the language chosen, and speaks the account language', async () => {
    const { platform, done } = fakePlatform({ language: 'sw' });
    expect((await screen(platform, PIN)).text).toBe(USSD_TEXTS.sw.mainMenu);
    expect(await screen(platform, `${PIN}*3`)).toEqual({ end: false, text: USSD_TEXTS.sw.language });
    expect(await screen(platform, `${PIN}*3*1`)).toEqual({ end: true, text: USSD_TEXTS.en.languageSaved });
    expect(done.language).toEqual(['en']);
  });
});

describe('every screen fits 182 characters, in both languages, with the longest names', () => {
  /** Every path a patient can key, a few levels deep (pages, choices, invalid keys), with long names everywhere. */
  const paths = [
    '', PIN, `${PIN}*9`, `${PIN}*1`, `${PIN}*1*0`, `${PIN}*1*0*0`, `${PIN}*1*1`, `${PIN}*1*1*1`, `${PIN}*1*1*1*0`, `${PIN}*1*1*1*1`,
    `${PIN}*1*1*1*1*1`, `${PIN}*1*1*1*1*1*0`, `${PIN}*1*1*1*1*1*9`, `${PIN}*1*1*1*1*1*1`, `${PIN}*1*1*1*1*1*1*7`, `${PIN}*1*1*1*1*1*1*1`, `${PIN}*1*1*1*1*1*1*2`,
    `${PIN}*2`, `${PIN}*2*1`, `${PIN}*2*1*1`, `${PIN}*2*1*2`, `${PIN}*2*2`, `${PIN}*2*3`, `${PIN}*3`, `${PIN}*3*2`, '1234',
  ];
  const visits = [visit(1, { doctor_name: LONG }), visit(2, { doctor_name: LONG, paid: false }), visit(3, { doctor_name: LONG, cancellable: false })];

  it.each(['en', 'sw'] as const)('%s', async (language) => {
    const seen: UssdScreen[] = [];
    for (const members of [0, 6]) {
      const { platform } = fakePlatform({ language, longNames: true, members, visits });
      for (const path of paths) seen.push(await screen(platform, path));
    }
    const signIns: UssdSignIn[] = [
      { status: 'unknown', firstname: null, language },
      { status: 'no_pin', firstname: LONG, language },
      { status: 'wrong_pin', tries_left: 2, language },
      { status: 'locked', language, locked_until: new Date().toISOString(), now_locked: true },
      { status: 'locked', language, locked_until: new Date().toISOString() },
    ];
    for (const signIn of signIns) seen.push(await screen(fakePlatform({ signIn }).platform, PIN));
    seen.push(await screen(fakePlatform({ language, taken: true }).platform, `${PIN}*1*1*1*1*1*1`));
    const texts = Object.values(USSD_TEXTS[language]).map((text) => (typeof text === 'function' ? (text as (...a: string[]) => string)(LONG.slice(0, 24), 'Tue 8 Dec 03:00 PM', LONG.slice(0, 24), 'Ksh 150,000') : text));
    expect([...seen.map((s) => s.text), ...texts].filter((text) => text.length > USSD_SCREEN_MAX)).toEqual([]);
  });
});

import { TIME_SLOTS } from '../../contracts';
import { slotStart } from '../../contracts/booking-rules';
import {
  calendarProblem,
  clockTime,
  dayPlan,
  type DoctorCalendar,
  type DoctorHours,
  DoctorHoursMessages,
  hoursOn,
  hoursProblem,
  isoWeekday,
  kenyaFixedHolidays,
  labelMinutes,
  leaveProblem,
  sessionSlotMinutes,
  slotLabel,
  visitsOutsideHours,
  withHoursFrom,
} from '../../contracts/doctor-hours';
import { DateOverrideMessages, overrideProblem } from '../../contracts/date-overrides';

// Fixed dates only: 2026-12-01 is a Tuesday, 2026-12-07 a Monday, 2026-12-12 (Jamhuri Day) a Saturday.
const TODAY = '2026-11-20';
const hours = (over: Partial<DoctorHours> = {}): DoctorHours => ({
  sessions: [
    { weekday: 1, start: '09:00', end: '13:00' },
    { weekday: 2, start: '14:00', end: '17:00' },
  ],
  slot_minutes: 30,
  valid_from: '2026-11-23',
  ...over,
});
const calendar = (over: Partial<DoctorCalendar> = {}): DoctorCalendar => ({ hours: [hours()], leave: [], closures: [], ...over });

describe('slot generation', () => {
  it('cuts Tue 14:00-17:00 at 30 minutes into exactly 14:00 ... 16:30', () => {
    expect(sessionSlotMinutes({ start: '14:00', end: '17:00' }, 30).map(clockTime)).toEqual(['14:00', '14:30', '15:00', '15:30', '16:00', '16:30']);
    expect(dayPlan('2026-12-01', calendar())).toEqual({
      kind: 'hours',
      slot_minutes: 30,
      slots: ['02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM'],
    });
  });

  it('keeps only slots that end by the session end (the boundary minutes)', () => {
    expect(sessionSlotMinutes({ start: '14:00', end: '17:00' }, 45).map(clockTime)).toEqual(['14:00', '14:45', '15:30', '16:15']);
    expect(sessionSlotMinutes({ start: '14:00', end: '16:59' }, 30).map(clockTime)).toEqual(['14:00', '14:30', '15:00', '15:30', '16:00']);
    expect(sessionSlotMinutes({ start: '14:00', end: '17:01' }, 30).map(clockTime)).toEqual(['14:00', '14:30', '15:00', '15:30', '16:00', '16:30']);
    expect(sessionSlotMinutes({ start: '09:00', end: '10:00' }, 20).map(clockTime)).toEqual(['09:00', '09:20', '09:40']);
    expect(sessionSlotMinutes({ start: '09:00', end: '10:00' }, 15).map(clockTime)).toEqual(['09:00', '09:15', '09:30', '09:45']);
    expect(sessionSlotMinutes({ start: '09:00', end: '10:00' }, 60).map(clockTime)).toEqual(['09:00']);
    expect(sessionSlotMinutes({ start: '09:00', end: '09:59' }, 60)).toEqual([]);
  });

  it('labels slots as the appointments hold them, noon and midnight included', () => {
    expect(TIME_SLOTS.map(labelMinutes).map(slotLabel)).toEqual([...TIME_SLOTS]);
    expect([0, 705, 720, 740, 1439].map(slotLabel)).toEqual(['12:00 AM', '11:45 AM', '12:00 PM', '12:20 PM', '11:59 PM']);
    expect(labelMinutes('02:20 PM')).toBe(860);
    expect(labelMinutes('14:20')).toBeNaN();
    expect(labelMinutes('13:00 PM')).toBeNaN();
  });

  it('starts an off-grid slot at its own minute, Nairobi time', () => {
    expect(slotStart('2026-12-07', '09:20 AM').toISOString()).toBe('2026-12-07T06:20:00.000Z');
    expect(slotStart('2026-12-07', '12:45 PM').toISOString()).toBe('2026-12-07T09:45:00.000Z');
  });

  it('merges two sessions of a day in clock order; a weekday without sessions has no slots', () => {
    const split = hours({ sessions: [{ weekday: 2, start: '14:00', end: '15:00' }, { weekday: 2, start: '09:00', end: '10:00' }], slot_minutes: 60 });
    expect(dayPlan('2026-12-01', calendar({ hours: [split] }))).toMatchObject({ slots: ['09:00 AM', '02:00 PM'] });
    expect(dayPlan('2026-12-02', calendar())).toEqual({ kind: 'hours', slot_minutes: 30, slots: [] }); // a Wednesday
  });
});

describe('which hours apply', () => {
  it('applies a version from its valid_from onward; before any version the clinic decides, as without hours', () => {
    const later = hours({ sessions: [{ weekday: 2, start: '09:00', end: '10:00' }], valid_from: '2026-12-08' });
    expect(hoursOn([hours(), later], '2026-11-22')).toBeNull();
    expect(hoursOn([later, hours()], '2026-11-23')?.valid_from).toBe('2026-11-23');
    expect(hoursOn([later, hours()], '2026-12-08')?.valid_from).toBe('2026-12-08');
    expect(dayPlan('2026-11-17', calendar({ hours: [hours(), later] }))).toEqual({ kind: 'clinic' });
    expect(dayPlan('2026-12-01', calendar({ hours: [hours(), later] }))).toMatchObject({ slots: ['02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM'] });
    expect(dayPlan('2026-12-08', calendar({ hours: [hours(), later] }))).toMatchObject({ slots: ['09:00 AM', '09:30 AM'] });
  });

  it('is the clinic\'s day for a doctor with no hours at all', () => {
    expect(dayPlan('2026-12-01', calendar({ hours: [] }))).toEqual({ kind: 'clinic' });
    expect(calendarProblem({ kind: 'clinic' }, '2026-12-01', '09:00 AM', 'Dr. Grace Wanjiku')).toBeNull();
  });
});

describe('overrides, leave and closures, in that order of strength', () => {
  const override = { date: '2026-12-01', sessions: [{ start: '08:00', end: '09:00' }] };

  it('an override replaces the week for its date only, at the hours\' slot length', () => {
    expect(dayPlan('2026-12-01', calendar({ overrides: [override] }))).toEqual({ kind: 'hours', slot_minutes: 30, slots: ['08:00 AM', '08:30 AM'] });
    expect(dayPlan('2026-12-08', calendar({ overrides: [override] }))).toMatchObject({ slots: ['02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM'] });
  });

  it('leave wins over hours and overrides, both ends of the range included', () => {
    const leave = [{ from: '2026-12-01', to: '2026-12-21' }];
    for (const date of ['2026-12-01', '2026-12-07', '2026-12-21']) {
      expect(dayPlan(date, calendar({ leave, overrides: [override] }))).toEqual({ kind: 'leave', leave: leave[0] });
    }
    expect(dayPlan('2026-11-30', calendar({ leave }))).toMatchObject({ kind: 'hours' });
    expect(dayPlan('2026-12-22', calendar({ leave }))).toMatchObject({ kind: 'hours' });
    // a doctor without hours is on leave too
    expect(dayPlan('2026-12-02', calendar({ hours: [], leave }))).toMatchObject({ kind: 'leave' });
  });

  it('a closure wins over leave and hours, for doctors with or without hours', () => {
    const closures = [{ date: '2026-12-01', name: 'Staff training' }];
    expect(dayPlan('2026-12-01', calendar({ closures, leave: [{ from: '2026-12-01', to: '2026-12-02' }] }))).toEqual({ kind: 'closure', name: 'Staff training' });
    expect(dayPlan('2026-12-01', calendar({ closures, hours: [] }))).toEqual({ kind: 'closure', name: 'Staff training' });
    expect(dayPlan('2026-12-02', calendar({ closures, hours: [] }))).toEqual({ kind: 'clinic' });
  });

  it('says why a booking is refused, naming the closure, the leave or the time', () => {
    const doctor = 'Dr. Grace Wanjiku';
    expect(calendarProblem({ kind: 'closure', name: 'Jamhuri Day' }, '2026-12-12', '09:00 AM', doctor)).toBe(
      'The clinic is closed on 2026-12-12 (Jamhuri Day). Please choose another date.',
    );
    expect(calendarProblem({ kind: 'leave', leave: { from: '2026-12-01', to: '2026-12-21' } }, '2026-12-03', '09:00 AM', doctor)).toBe(
      'Dr. Grace Wanjiku is on leave on 2026-12-03. Please choose another date.',
    );
    const plan = dayPlan('2026-12-01', calendar());
    expect(calendarProblem(plan, '2026-12-01', '02:00 PM', doctor)).toBeNull();
    expect(calendarProblem(plan, '2026-12-01', '04:30 PM', doctor)).toBeNull();
    expect(calendarProblem(plan, '2026-12-01', '05:00 PM', doctor)).toBe('Dr. Grace Wanjiku does not see patients at 05:00 PM on 2026-12-01. Please choose one of the times offered.');
    expect(calendarProblem(plan, '2026-12-01', '09:00 AM', doctor)).not.toBeNull();
  });
});

describe('booked visits that new hours leave without their slot', () => {
  // Tuesday 2026-12-01 and Monday 2026-12-07 under hours() (Mon 09:00-13:00, Tue 14:00-17:00, from 2026-11-23)
  const visit = (appointment_id: number, appointment_date: string, time_slot: string) => ({ appointment_id, appointment_date, time_slot });
  const visits = [visit(1, '2026-12-01', '02:00 PM'), visit(2, '2026-12-01', '04:30 PM'), visit(3, '2026-12-07', '09:00 AM'), visit(4, '2026-12-07', '12:30 PM')];

  it('replaces the version at the new valid_from and every later one, keeping the earlier ones', () => {
    const later = hours({ valid_from: '2026-12-14' });
    const fresh = hours({ sessions: [], valid_from: '2026-12-07' });
    expect(withHoursFrom([hours(), later], fresh)).toEqual([hours(), fresh]);
    expect(withHoursFrom([hours()], hours({ valid_from: '2026-11-23', slot_minutes: 60 }))).toEqual([hours({ slot_minutes: 60 })]);
  });

  it('flags exactly the visits whose slot the new week no longer holds, the boundary minutes included', () => {
    // Tuesday afternoons now end at 16:30 and Monday mornings start at 10:00
    const shorter = hours({ sessions: [{ weekday: 1, start: '10:00', end: '13:00' }, { weekday: 2, start: '14:00', end: '16:30' }] });
    expect(visitsOutsideHours(visits, calendar({ hours: withHoursFrom([], shorter) })).map((v) => v.appointment_id)).toEqual([2, 3]);
    // at 60 minutes from 14:00 the slots are 14:00, 15:00, 16:00: 02:00 PM stays, 04:30 PM goes
    expect(visitsOutsideHours(visits, calendar({ hours: [hours({ slot_minutes: 60 })] })).map((v) => v.appointment_id)).toEqual([2, 4]);
    // an empty week leaves no visit its slot
    expect(visitsOutsideHours(visits, calendar({ hours: [hours({ sessions: [] })] }))).toHaveLength(4);
    // the same hours flag nothing
    expect(visitsOutsideHours(visits, calendar())).toEqual([]);
  });

  it('leaves visits before the new valid_from, on a closure or leave day (their own record), and under the clinic\'s rules', () => {
    const empty = hours({ sessions: [], valid_from: '2026-12-07' });
    expect(visitsOutsideHours(visits, calendar({ hours: withHoursFrom([hours()], empty) })).map((v) => v.appointment_id)).toEqual([3, 4]);
    const closures = [{ date: '2026-12-07', name: 'Staff training' }];
    expect(visitsOutsideHours(visits, calendar({ hours: [empty], closures }))).toEqual([]);
    expect(visitsOutsideHours(visits, calendar({ hours: [empty], leave: [{ from: '2026-12-07', to: '2026-12-07' }] }))).toEqual([]);
    expect(visitsOutsideHours(visits, calendar({ hours: [] }))).toEqual([]);
  });
});

describe('hours that cannot be saved (400, naming the problem)', () => {
  it('accepts a good week, and an empty one', () => {
    expect(hoursProblem(hours(), TODAY)).toBeNull();
    expect(hoursProblem(hours({ sessions: [] }), TODAY)).toBeNull();
    expect(hoursProblem(hours({ valid_from: TODAY }), TODAY)).toBeNull();
  });

  it.each([15, 20, 30, 45, 60])('accepts %d-minute slots', (slot_minutes) => {
    expect(hoursProblem(hours({ slot_minutes }), TODAY)).toBeNull();
  });

  it.each([0, 10, 25, 90, 30.5, NaN])('refuses %d-minute slots', (slot_minutes) => {
    expect(hoursProblem(hours({ slot_minutes }), TODAY)).toBe('Slot length must be one of 15, 20, 30, 45, 60 minutes');
  });

  it.each([
    [{ weekday: 0, start: '09:00', end: '10:00' }, DoctorHoursMessages.weekday],
    [{ weekday: 8, start: '09:00', end: '10:00' }, DoctorHoursMessages.weekday],
    [{ weekday: 1.5, start: '09:00', end: '10:00' }, DoctorHoursMessages.weekday],
    [{ weekday: 1, start: '9:00', end: '10:00' }, DoctorHoursMessages.time],
    [{ weekday: 1, start: '09:00', end: '24:00' }, DoctorHoursMessages.time],
    [{ weekday: 1, start: '10:00', end: '09:00' }, 'The session Monday 10:00-09:00 ends before it starts: the end must be after the start'],
    [{ weekday: 1, start: '10:00', end: '10:00' }, 'The session Monday 10:00-10:00 ends before it starts: the end must be after the start'],
    [{ weekday: 1, start: '07:59', end: '10:00' }, "The session Monday 07:59-10:00 is outside the clinic's hours: on Mondays the clinic is open 8:00 AM - 6:00 PM"],
    [{ weekday: 1, start: '17:00', end: '18:01' }, "The session Monday 17:00-18:01 is outside the clinic's hours: on Mondays the clinic is open 8:00 AM - 6:00 PM"],
    [{ weekday: 6, start: '13:00', end: '15:00' }, "The session Saturday 13:00-15:00 is outside the clinic's hours: on Saturdays the clinic is open 9:00 AM - 2:00 PM"],
    [{ weekday: 7, start: '09:00', end: '10:00' }, "The session Sunday 09:00-10:00 is outside the clinic's hours: the clinic is closed on Sundays"],
    [{ weekday: 1, start: '09:00', end: '09:20' }, 'The session Monday 09:00-09:20 is shorter than one 30-minute slot'],
  ])('refuses the session %j: %s', (session, message) => {
    expect(hoursProblem(hours({ sessions: [session] }), TODAY)).toBe(message);
  });

  it('takes the clinic\'s opening and closing minutes themselves (08:00-18:00, Saturday 09:00-14:00)', () => {
    expect(hoursProblem(hours({ sessions: [{ weekday: 5, start: '08:00', end: '18:00' }] }), TODAY)).toBeNull();
    expect(hoursProblem(hours({ sessions: [{ weekday: 6, start: '09:00', end: '14:00' }] }), TODAY)).toBeNull();
  });

  it('refuses overlapping sessions of one day, not touching ones or other days\'', () => {
    const sessions = (second: { weekday: number; start: string; end: string }) => hours({ sessions: [{ weekday: 4, start: '09:00', end: '12:00' }, second] });
    expect(hoursProblem(sessions({ weekday: 4, start: '11:30', end: '13:00' }), TODAY)).toBe('The sessions Thursday 09:00-12:00 and 11:30-13:00 overlap');
    expect(hoursProblem(sessions({ weekday: 4, start: '08:00', end: '09:01' }), TODAY)).toBe('The sessions Thursday 08:00-09:01 and 09:00-12:00 overlap');
    expect(hoursProblem(sessions({ weekday: 4, start: '12:00', end: '13:00' }), TODAY)).toBeNull();
    expect(hoursProblem(sessions({ weekday: 3, start: '09:00', end: '12:00' }), TODAY)).toBeNull();
  });

  it('refuses a valid_from that is no date, or in the past', () => {
    expect(hoursProblem(hours({ valid_from: '2026-02-30' }), TODAY)).toBe(DoctorHoursMessages.validFrom);
    expect(hoursProblem(hours({ valid_from: '2026-11-19' }), TODAY)).toBe(DoctorHoursMessages.validFromPast);
  });
});

describe('leave that cannot be saved', () => {
  it('accepts a range from today, one day, or one that started before today', () => {
    expect(leaveProblem({ from: '2026-12-01', to: '2026-12-21' }, TODAY)).toBeNull();
    expect(leaveProblem({ from: TODAY, to: TODAY }, TODAY)).toBeNull();
    expect(leaveProblem({ from: '2026-11-10', to: TODAY }, TODAY)).toBeNull();
  });

  it('refuses a leave ending before it starts, wholly past, or without real dates', () => {
    expect(leaveProblem({ from: '2026-12-21', to: '2026-12-01' }, TODAY)).toBe('The leave ends before it starts: the last day must be on or after the first day');
    expect(leaveProblem({ from: '2026-11-01', to: '2026-11-19' }, TODAY)).toBe('The leave lies wholly in the past: choose days from today onward');
    expect(leaveProblem({ from: '2026-11-31', to: '2026-12-01' }, TODAY)).toBe(DoctorHoursMessages.leaveDates);
  });
});

describe('custom hours for one date that cannot be saved (400, naming the problem)', () => {
  const on = (sessions: { start: string; end: string }[], date = '2026-12-01') => overrideProblem({ date, sessions }, 30, TODAY);

  it('accepts sessions inside the clinic\'s hours of that weekday, ending at its closing minute, or none (a day off)', () => {
    expect(on([{ start: '08:00', end: '10:00' }, { start: '17:00', end: '18:00' }])).toBeNull();
    expect(on([])).toBeNull();
    expect(on([{ start: '09:00', end: '10:00' }], TODAY)).toBeNull();
  });

  it('names the date in what is wrong: backwards, outside the clinic\'s hours, overlapping, too short, past, not a date', () => {
    expect(on([{ start: '12:00', end: '09:00' }])).toBe('The session 2026-12-01 12:00-09:00 ends before it starts: the end must be after the start');
    expect(on([{ start: '17:00', end: '18:30' }])).toBe("The session 2026-12-01 17:00-18:30 is outside the clinic's hours: on Tuesdays the clinic is open 8:00 AM - 6:00 PM");
    expect(on([{ start: '07:59', end: '09:00' }])).toMatch(/is outside the clinic's hours/);
    expect(on([{ start: '09:00', end: '12:00' }, { start: '11:30', end: '13:00' }])).toBe('The sessions 2026-12-01 09:00-12:00 and 11:30-13:00 overlap');
    expect(on([{ start: '09:00', end: '09:20' }])).toBe('The session 2026-12-01 09:00-09:20 is shorter than one 30-minute slot');
    expect(on([{ start: '09:00', end: '10:00' }], '2026-11-19')).toBe(DateOverrideMessages.overridePast);
    expect(on([{ start: '09:00', end: '10:00' }], '2026-02-30')).toBe(DateOverrideMessages.overrideDate);
  });

  it('an override with no sessions closes the date; its slots take the week\'s length, its boundary minute excluded', () => {
    expect(dayPlan('2026-12-01', calendar({ overrides: [{ date: '2026-12-01', sessions: [] }] }))).toEqual({ kind: 'hours', slot_minutes: 30, slots: [] });
    const plan = dayPlan('2026-12-07', calendar({ hours: [hours({ slot_minutes: 45 })], overrides: [{ date: '2026-12-07', sessions: [{ start: '15:00', end: '16:30' }] }] }));
    expect(plan).toEqual({ kind: 'hours', slot_minutes: 45, slots: ['03:00 PM', '03:45 PM'] });
    // a visit outside the date's own hours is listed, one inside kept; other dates keep the week
    const visits = [
      { appointment_date: '2026-12-07', time_slot: '09:00 AM' },
      { appointment_date: '2026-12-07', time_slot: '03:00 PM' },
      { appointment_date: '2026-12-14', time_slot: '09:00 AM' },
    ];
    expect(visitsOutsideHours(visits, calendar({ overrides: [{ date: '2026-12-07', sessions: [{ start: '15:00', end: '16:00' }] }] }))).toEqual([visits[0]]);
  });
});

describe("Kenya's fixed-date public holidays", () => {
  it('lists the eight of 2027 in date order, with the Monday after a Sunday holiday', () => {
    expect(kenyaFixedHolidays(2027)).toEqual([
      { date: '2027-01-01', name: "New Year's Day" },
      { date: '2027-05-01', name: 'Labour Day' },
      { date: '2027-06-01', name: 'Madaraka Day' },
      { date: '2027-10-10', name: 'Mazingira Day' },
      { date: '2027-10-11', name: 'Mazingira Day (observed)' }, // 10 October 2027 is a Sunday
      { date: '2027-10-20', name: 'Mashujaa Day' },
      { date: '2027-12-12', name: 'Jamhuri Day' },
      { date: '2027-12-13', name: 'Jamhuri Day (observed)' }, // 12 December 2027 is a Sunday
      { date: '2027-12-25', name: 'Christmas Day' },
      { date: '2027-12-26', name: 'Boxing Day' },
      { date: '2027-12-27', name: 'Boxing Day (observed)' }, // 26 December 2027 is a Sunday
    ]);
  });

  it('has no Mazingira Day before 2024 and no observed Monday that is already a holiday', () => {
    expect(kenyaFixedHolidays(2023).map((h) => h.name)).not.toContain('Mazingira Day');
    // 25 December 2022 was a Sunday: its Monday is Boxing Day itself
    expect(kenyaFixedHolidays(2022).filter((h) => h.date === '2022-12-26')).toEqual([{ date: '2022-12-26', name: 'Boxing Day' }]);
    expect(kenyaFixedHolidays(2026).every((h) => isoWeekday(h.date) !== 7 || !h.name.endsWith('(observed)'))).toBe(true);
  });

  it('reads weekdays as ISO (Monday 1, Sunday 7)', () => {
    expect(['2026-11-30', '2026-12-01', '2026-12-06'].map(isoWeekday)).toEqual([1, 2, 7]);
  });
});

import type { Principal } from '@afya/service-shared';
import { AppointmentMessages, type AttendanceDayRow, AttendanceMessages, OutcomeBodySchema, SELF_CHECK_IN_MINUTES_BEFORE, QueueQuerySchema, WalkInBodySchema } from '../../contracts';
import {
  attendanceCsv,
  averageWait,
  csvCell,
  type AttendanceInstants,
  type AttendanceVisit,
  checkInRefusal,
  isUnresolved,
  nextQueueNumber,
  outcomeRefusal,
  queueState,
  queueStepRefusal,
  waitingMinutes,
  weekOf,
  weeklyRows,
} from './attendance.rules';

// The clock: a Thursday, 10:00 in Nairobi (07:00 UTC). Nothing here reads the real date.
const NOW = new Date('2026-12-03T07:00:00Z');
const TODAY = '2026-12-03';
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const PATIENT: Principal = { userId: 10, role: 'user' };
const OTHER_PATIENT: Principal = { userId: 11, role: 'user' };
const DOCTOR: Principal = { userId: 20, role: 'doctor' };
const OTHER_DOCTOR: Principal = { userId: 21, role: 'doctor' };
const ADMIN: Principal = { userId: 1, role: 'admin' };

const arrived = (over: Partial<AttendanceInstants> = {}): AttendanceInstants => ({
  arrived_at: minutes(-20),
  called_at: null,
  seen_at: null,
  left_at: null,
  outcome: null,
  ...over,
});

const visit = (over: Partial<AttendanceVisit> = {}): AttendanceVisit => ({
  user_id: PATIENT.userId,
  doctor_user_id: DOCTOR.userId,
  appointment_status: 'Confirmed',
  appointment_date: TODAY,
  starts_at: minutes(15),
  duration: 25,
  attendance: null,
  ...over,
});

describe('check-in', () => {
  it('lets the desk (an admin) and the visit\'s doctor check in a Confirmed visit of today at any time of the day', () => {
    const early = visit({ starts_at: minutes(6 * 60) });
    expect(checkInRefusal(ADMIN, early, NOW)).toBeNull();
    expect(checkInRefusal(DOCTOR, early, NOW)).toBeNull();
  });

  it('lets the patient check themself in from 30 minutes before the start, not earlier', () => {
    expect(checkInRefusal(PATIENT, visit({ starts_at: minutes(30) }), NOW)).toBeNull();
    expect(checkInRefusal(PATIENT, visit({ starts_at: minutes(-10) }), NOW)).toBeNull();
    expect(checkInRefusal(PATIENT, visit({ starts_at: minutes(31) }), NOW)).toEqual({ status: 409, message: AttendanceMessages.tooEarly });
    expect(AttendanceMessages.tooEarly).toContain(`${SELF_CHECK_IN_MINUTES_BEFORE} minutes`);
  });

  it('answers 409 with the reason: already checked in, not Confirmed, not today', () => {
    expect(checkInRefusal(ADMIN, visit({ attendance: arrived() }), NOW)).toEqual({ status: 409, message: AttendanceMessages.alreadyCheckedIn });
    for (const status of ['Pending', 'Completed', 'Cancelled']) {
      expect(checkInRefusal(ADMIN, visit({ appointment_status: status }), NOW)).toEqual({ status: 409, message: AttendanceMessages.notConfirmed });
    }
    expect(checkInRefusal(ADMIN, visit({ appointment_date: '2026-12-04' }), NOW)).toEqual({ status: 409, message: AttendanceMessages.notToday });
    expect(checkInRefusal(ADMIN, visit({ appointment_date: '2026-12-02' }), NOW)).toEqual({ status: 409, message: AttendanceMessages.notToday });
  });

  it('reads "today" on the clinic\'s calendar: 23:30 in Nairobi is already the next day in no UTC sense', () => {
    const lateEvening = new Date('2026-12-03T20:30:00Z'); // 23:30 in Nairobi, same clinic date
    const justAfterMidnight = new Date('2026-12-03T21:05:00Z'); // 00:05 on the 4th in Nairobi
    expect(checkInRefusal(ADMIN, visit(), lateEvening)).toBeNull();
    expect(checkInRefusal(ADMIN, visit(), justAfterMidnight)).toEqual({ status: 409, message: AttendanceMessages.notToday });
  });

  it('hides other people\'s visits (404) from other patients and other doctors', () => {
    const notFound = { status: 404, message: AppointmentMessages.appointmentNotFound };
    expect(checkInRefusal(OTHER_PATIENT, visit(), NOW)).toEqual(notFound);
    expect(checkInRefusal(OTHER_DOCTOR, visit(), NOW)).toEqual(notFound);
  });
});

describe('the queue', () => {
  it('reads the state from the instants', () => {
    expect(queueState(null)).toBeNull();
    expect(queueState(arrived({ arrived_at: null, outcome: 'no_show' }))).toBeNull();
    expect(queueState(arrived())).toBe('waiting');
    expect(queueState(arrived({ called_at: minutes(-5) }))).toBe('called');
    expect(queueState(arrived({ called_at: minutes(-5), seen_at: minutes(-1) }))).toBe('seen');
    expect(queueState(arrived({ left_at: minutes(-1) }))).toBe('left');
  });

  it('counts the wait in whole minutes from arrival until called (or now while waiting), never negative', () => {
    expect(waitingMinutes({ ...arrived(), arrived_at: minutes(-20) }, NOW)).toBe(20);
    expect(waitingMinutes({ ...arrived({ called_at: minutes(-12) }), arrived_at: minutes(-20) }, NOW)).toBe(8);
    expect(waitingMinutes({ ...arrived({ left_at: minutes(-2) }), arrived_at: minutes(-20) }, NOW)).toBe(18);
    expect(waitingMinutes({ ...arrived(), arrived_at: new Date(NOW.getTime() - 59_999) }, NOW)).toBe(0);
    expect(waitingMinutes({ ...arrived(), arrived_at: minutes(1) }, NOW)).toBe(0);
  });

  it('numbers each doctor\'s day 1, 2, 3... from the last number given', () => {
    expect(nextQueueNumber(null)).toBe(1);
    expect(nextQueueNumber(1)).toBe(2);
    expect(nextQueueNumber(41)).toBe(42);
  });

  it('calls only a waiting patient; seen and left are final; nobody not checked in moves', () => {
    const at = (attendance: AttendanceInstants | null) => visit({ attendance });
    expect(queueStepRefusal(DOCTOR, at(arrived()), 'call')).toBeNull();
    expect(queueStepRefusal(DOCTOR, at(arrived({ called_at: minutes(-1) })), 'call')).toEqual({ status: 409, message: AttendanceMessages.notWaiting });
    expect(queueStepRefusal(DOCTOR, at(arrived({ called_at: minutes(-1) })), 'seen')).toBeNull();
    expect(queueStepRefusal(DOCTOR, at(arrived()), 'seen')).toBeNull();
    expect(queueStepRefusal(ADMIN, at(arrived({ called_at: minutes(-1) })), 'left')).toBeNull();
    for (const step of ['call', 'seen', 'left'] as const) {
      expect(queueStepRefusal(DOCTOR, at(arrived({ seen_at: minutes(-1) })), step)).toEqual({ status: 409, message: AttendanceMessages.alreadyDone });
      expect(queueStepRefusal(DOCTOR, at(arrived({ left_at: minutes(-1) })), step)).toEqual({ status: 409, message: AttendanceMessages.alreadyDone });
      expect(queueStepRefusal(DOCTOR, at(null), step)).toEqual({ status: 409, message: AttendanceMessages.notCheckedIn });
    }
  });

  it('is the desk\'s: the patient of the visit is refused (403), another doctor sees nothing (404)', () => {
    expect(queueStepRefusal(PATIENT, visit({ attendance: arrived() }), 'call')).toEqual({ status: 403, message: AttendanceMessages.staffOnly });
    expect(queueStepRefusal(OTHER_DOCTOR, visit({ attendance: arrived() }), 'call')?.status).toBe(404);
  });
});

describe('attendance outcomes', () => {
  const started = visit({ starts_at: minutes(-10) });
  const ahead = visit({ starts_at: minutes(60) });

  it('never gives a Cancelled visit an outcome (409)', () => {
    for (const outcome of ['attended', 'no_show', 'left_without_being_seen', 'late_cancellation'] as const) {
      expect(outcomeRefusal(ADMIN, { ...started, appointment_status: 'Cancelled' }, outcome, NOW)).toEqual({ status: 409, message: AttendanceMessages.cancelledNoOutcome });
    }
  });

  it('counts no-shows fairly: only once the visit started, never for a patient who checked in', () => {
    expect(outcomeRefusal(DOCTOR, started, 'no_show', NOW)).toBeNull();
    expect(outcomeRefusal(DOCTOR, ahead, 'no_show', NOW)).toEqual({ status: 409, message: AttendanceMessages.noShowNotStarted });
    expect(outcomeRefusal(DOCTOR, { ...started, attendance: arrived() }, 'no_show', NOW)).toEqual({ status: 409, message: AttendanceMessages.noShowCheckedIn });
  });

  it('attended needs a check-in or a started visit; leaving unseen needs a check-in; a late cancellation is always possible', () => {
    expect(outcomeRefusal(ADMIN, ahead, 'attended', NOW)).toEqual({ status: 409, message: AttendanceMessages.attendedNotStarted });
    expect(outcomeRefusal(ADMIN, { ...ahead, attendance: arrived() }, 'attended', NOW)).toBeNull();
    expect(outcomeRefusal(ADMIN, started, 'attended', NOW)).toBeNull();
    expect(outcomeRefusal(ADMIN, started, 'left_without_being_seen', NOW)).toEqual({ status: 409, message: AttendanceMessages.leftNotCheckedIn });
    expect(outcomeRefusal(ADMIN, { ...started, attendance: arrived() }, 'left_without_being_seen', NOW)).toBeNull();
    expect(outcomeRefusal(ADMIN, ahead, 'late_cancellation', NOW)).toBeNull();
  });

  it('is recorded by the desk only', () => {
    expect(outcomeRefusal(PATIENT, started, 'attended', NOW)).toEqual({ status: 403, message: AttendanceMessages.staffOnly });
    expect(outcomeRefusal(OTHER_DOCTOR, started, 'attended', NOW)?.status).toBe(404);
  });
});

describe('unresolved visits', () => {
  // starts 10:00, 25 minutes: ends 10:25; unresolved from 10:55.
  const past = visit({ starts_at: minutes(0), duration: 25 });

  it('lists a Pending or Confirmed visit without an outcome from 30 minutes after its end, not a minute before', () => {
    expect(isUnresolved(past, minutes(54))).toBe(false);
    expect(isUnresolved(past, minutes(55))).toBe(true);
    expect(isUnresolved({ ...past, appointment_status: 'Pending' }, minutes(55))).toBe(true);
  });

  it('leaves out visits with an outcome, Completed ones (attended on completion) and Cancelled ones', () => {
    expect(isUnresolved({ ...past, attendance: arrived({ outcome: 'no_show', arrived_at: null }) }, minutes(120))).toBe(false);
    expect(isUnresolved({ ...past, appointment_status: 'Completed' }, minutes(120))).toBe(false);
    expect(isUnresolved({ ...past, appointment_status: 'Cancelled' }, minutes(120))).toBe(false);
  });

  it('still lists a checked-in patient whose visit nobody closed', () => {
    expect(isUnresolved({ ...past, attendance: arrived() }, minutes(55))).toBe(true);
  });
});

describe('request shapes', () => {
  it('refuses an unknown outcome with the catalogue message', () => {
    const result = OutcomeBodySchema.safeParse({ outcome: 'absent' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(AttendanceMessages.outcome);
  });

  it('reads a walk-in\'s phone with spaces and dashes, and refuses one that is not a phone', () => {
    expect(WalkInBodySchema.parse({ doctor_id: 3, time_slot: '10:30 AM', phone: '0712 345-678' }).phone).toBe('0712345678');
    expect(WalkInBodySchema.safeParse({ doctor_id: 3, time_slot: '10:30 AM', phone: 'call me' }).error?.issues[0].message).toBe(AttendanceMessages.phone);
  });

  it('takes the queue\'s doctor and date from the query string', () => {
    expect(QueueQuerySchema.parse({ doctor_id: '7', date: '2026-12-03' })).toEqual({ doctor_id: 7, date: '2026-12-03' });
    expect(QueueQuerySchema.safeParse({ date: '3/12/2026' }).error?.issues[0].message).toBe(AttendanceMessages.date);
  });
});

describe('the attendance report', () => {
  const day = (over: Partial<AttendanceDayRow>): AttendanceDayRow => ({
    date: '2026-11-30',
    week: '2026-11-30',
    doctor_id: 1,
    doctor_name: 'Dr. Grace Wanjiku',
    visits: 0,
    attended: 0,
    no_shows: 0,
    left_without_being_seen: 0,
    late_cancellations: 0,
    walk_ins: 0,
    waits: 0,
    wait_minutes_total: 0,
    ...over,
  });

  it('puts a date in the week of its Monday', () => {
    expect(weekOf('2026-11-30')).toBe('2026-11-30'); // a Monday
    expect(weekOf('2026-12-03')).toBe('2026-11-30'); // Thursday
    expect(weekOf('2026-12-06')).toBe('2026-11-30'); // Sunday
    expect(weekOf('2026-12-07')).toBe('2026-12-07');
    expect(weekOf('2027-01-01')).toBe('2026-12-28'); // across the year
  });

  it('adds a doctor\'s days into weeks: the no-show rate over visits with an outcome, the average wait over patients called in', () => {
    const weeks = weeklyRows([
      day({ date: '2026-11-30', visits: 4, attended: 2, no_shows: 1, waits: 2, wait_minutes_total: 30, walk_ins: 1 }),
      day({ date: '2026-12-02', visits: 3, attended: 1, no_shows: 1, left_without_being_seen: 1, late_cancellations: 1, waits: 1, wait_minutes_total: 6 }),
      day({ date: '2026-12-02', doctor_id: 2, doctor_name: 'Dr. Brian Otieno', visits: 2 }),
      day({ date: '2026-12-07', week: '2026-12-07', visits: 1, no_shows: 1 }),
    ]);
    expect(weeks).toEqual([
      { week: '2026-11-30', doctor_id: 1, doctor_name: 'Dr. Grace Wanjiku', visits: 7, outcomes: 7, no_shows: 2, no_show_rate: 0.286, average_wait_minutes: 12, walk_ins: 1 },
      { week: '2026-11-30', doctor_id: 2, doctor_name: 'Dr. Brian Otieno', visits: 2, outcomes: 0, no_shows: 0, no_show_rate: 0, average_wait_minutes: null, walk_ins: 0 },
      { week: '2026-12-07', doctor_id: 1, doctor_name: 'Dr. Grace Wanjiku', visits: 1, outcomes: 1, no_shows: 1, no_show_rate: 1, average_wait_minutes: null, walk_ins: 0 },
    ]);
  });

  it('writes the CSV with its header, quoting what needs it and defusing formulas', () => {
    const csv = attendanceCsv([day({ doctor_name: '=HYPERLINK("x"), Dr', visits: 2, attended: 1, waits: 1, wait_minutes_total: 7.25 })]);
    expect(csv.split('\n')).toEqual([
      'date,week,doctor_id,doctor_name,visits,attended,no_shows,left_without_being_seen,late_cancellations,walk_ins,average_wait_minutes',
      `2026-11-30,2026-11-30,1,"'=HYPERLINK(""x""), Dr",2,1,0,0,0,0,7.3`,
      '',
    ]);
    expect(csvCell(null)).toBe('');
    expect(csvCell('-5')).toBe("'-5");
    expect(averageWait(10, 0)).toBeNull();
  });
});

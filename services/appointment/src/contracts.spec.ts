import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  APPOINTMENT_TYPES,
  AppointmentMessages,
  AppointmentPatterns,
  AttendancePatterns,
  BOOKING_WINDOW_DAYS,
  CANCELLATION_NOTICE_HOURS,
  CLINIC_TIME_ZONE,
  MAX_REASON_LENGTH,
  MIN_REASON_LENGTH,
  SLOT_MINUTES,
  SPECIALIZATIONS,
  TIME_SLOTS,
  TYPE_FEES,
} from '../contracts';
import { slotMinutes, slotStart } from '../contracts/booking-rules';

const contractsDir = join(__dirname, '..', 'contracts');

/** The source without its comments (they may mention what the code must not do). */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

describe('the appointment contract is pure (the browser imports it)', () => {
  // What each file may import at run time; anything else only as types. schemas.ts builds the shapes with zod (the
  // schema kit is zod and nothing else), so a web app takes only types from index.ts and schemas.ts.
  const RUNTIME_IMPORTS: Record<string, string[]> = {
    'index.ts': [],
    'catalog.ts': [],
    'booking-rules.ts': ['./catalog'],
    'doctor-hours.ts': ['./catalog', './booking-rules'],
    // A date's own hours (issue 37): checked with the week's rule for that weekday.
    'date-overrides.ts': ['./booking-rules', './doctor-hours'],
    'doctor-hours-calls.ts': ['@afya/service-shared/calls', '@afya/service-shared/schema', './catalog', './date-overrides', './doctor-hours', './patterns', './schemas'],
    'schemas.ts': ['./catalog', './booking-rules', '@afya/service-shared/schema', './insurance'],
    'waitlist.ts': ['./catalog', '@afya/service-shared/schema'],
    'care-relationship.ts': [],
    'patterns.ts': [],
    // The calls declare each HTTP call once (decision 0095) with the schema kit's call helpers (oRPC contracts, pure).
    'calls.ts': ['@afya/service-shared/calls', '@afya/service-shared/schema', './attendance-calls', './doctor-calls', './doctor-hours-calls', './insurance-calls', './patterns', './replies', './schemas', './video-calls', './waitlist-calls'],
    'doctor-calls.ts': ['@afya/service-shared/calls', '@afya/service-shared/schema', './insurance', './patterns', './replies', './schemas'],
    'video-calls.ts': ['@afya/service-shared/calls', '@afya/service-shared/schema', './patterns'],
    'waitlist-calls.ts': ['@afya/service-shared/calls', '@afya/service-shared/schema', './patterns', './schemas', './waitlist'],
    'replies.ts': ['./catalog', '@afya/service-shared/schema', './schemas', './insurance'],
    // Arrival, queue and attendance (issue 40): its shapes and subjects, then its calls.
    'attendance.ts': ['@afya/service-shared/schema'],
    'attendance-calls.ts': ['@afya/service-shared/calls', '@afya/service-shared/schema', './attendance', './schemas'],
    // Insurance cover (issue 38): the pure rules (the booking screen shows the same co-pay), the shapes, the calls.
    'insurance-rules.ts': [],
    'insurance.ts': ['@afya/service-shared/schema', './insurance-rules'],
    'insurance-calls.ts': ['@afya/service-shared/calls', '@afya/service-shared/schema', './insurance', './schemas'],
  };
  it.each(Object.keys(RUNTIME_IMPORTS))('%s imports at run time only the contract files and the schema kit', (file) => {
    const source = readFileSync(join(contractsDir, file), 'utf8');
    const imports = [...source.matchAll(/^import (type )?(?:\{[^}]*\}|\* as \w+|\w+) from '([^']+)';$/gm)];
    expect(imports.length).toBe(source.split('\n').filter((line) => /^import\b/.test(line)).length);
    for (const [, typeOnly, from] of imports) {
      if (!typeOnly) expect(RUNTIME_IMPORTS[file]).toContain(from);
    }
    for (const [, from] of source.matchAll(/^export \* from '([^']+)';$/gm)) expect(Object.keys(RUNTIME_IMPORTS).map((name) => `./${name.replace(/\.ts$/, '')}`)).toContain(from);
    expect(code(source)).not.toMatch(/\bsubject\(|process\.env|\brequire\(/);
  });

  it('has plain pattern names: the bus namespace is not baked in at import', () => {
    for (const pattern of [...Object.values(AppointmentPatterns), ...Object.values(AttendancePatterns)]) expect(pattern).toMatch(/^appointment\.v\d+\.[a-z.-]+$/);
    expect(process.env.AFYA_BUS).toBeTruthy(); // the test environment sets one: it must not leak into the names
  });
});

describe('the catalog agrees with itself', () => {
  it('lists every type with a fee, in the form order', () => {
    expect([...APPOINTMENT_TYPES].sort()).toEqual(Object.keys(TYPE_FEES).sort());
  });

  it('spaces the slots SLOT_MINUTES apart within each session', () => {
    const minutes = TIME_SLOTS.map(slotMinutes);
    const gaps = minutes.slice(1).map((m, i) => m - minutes[i]);
    expect(gaps.filter((gap) => gap !== SLOT_MINUTES)).toEqual([150]); // the lunch break, 11:30 AM → 02:00 PM
  });

  it("reads the clinic's offset from the time-zone database (Nairobi is UTC+3)", () => {
    expect(CLINIC_TIME_ZONE).toBe('Africa/Nairobi');
    expect(slotStart('2026-11-25', '09:00 AM').toISOString()).toBe('2026-11-25T06:00:00.000Z');
  });

  it('writes its limits into the messages that state them', () => {
    expect(AppointmentMessages.reason).toBe(`Please provide a reason (at least ${MIN_REASON_LENGTH} characters)`);
    expect(AppointmentMessages.reasonTooLong).toContain(`at most ${MAX_REASON_LENGTH} characters`);
    expect(AppointmentMessages.dateWindow).toContain(`up to ${BOOKING_WINDOW_DAYS} days ahead`);
    expect(AppointmentMessages.cancelTooLate).toContain(`at least ${CANCELLATION_NOTICE_HOURS} hours`);
    expect(AppointmentMessages.specialization).toBe(`Specialization must be one of ${SPECIALIZATIONS.join(', ')}`);
  });
});

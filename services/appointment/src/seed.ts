/**
 * Local demo data (npm start only). Reads the auth seed's JSON line {"users":[...]} on stdin and the doctor
 * fields (specialization, fee, available_days, approved) from the file in AFYA_DEMO_DATA (key `users`,
 * matched by email). Upserts the names of every user and approved doctor profiles; once, books a few
 * realistic appointments for patient@afya.test and leaves a lab result for dr.wanjiku@afya.test.
 * Idempotent: running it again changes nothing a person has since edited.
 */
import { readFileSync } from 'node:fs';
import { DataSource, DataSourceOptions, EntityManager } from 'typeorm';
import { configureProcessLogger, ensureSchema, getProcessLogger, recordEvent, serviceDataSourceOptions } from '@afya/service-shared';
import { AppointmentEvents, AppointmentType, TimeSlot } from '../contracts';
import { appointmentDatabase } from './appointment.database';
import { APPOINTMENT_SELECT, AppointmentRow, toEventData } from './appointments/appointment.sql';
import { applyUserEvent, UserEventData } from './directory/user-directory.consumer';
import { DOCTOR_SELECT, DoctorRow, normalizeDays, returnedRows, toDoctorEventData } from './doctors/doctors.service';
import { addDays, bookingAmount, clinicHoursProblem, clinicToday, slotStart, worksOn } from '../contracts/booking-rules';

export interface SeededUser {
  user_id: number;
  email: string;
  role: 'user' | 'doctor' | 'admin';
  firstname: string;
  lastname: string;
  status?: string;
  contact_phone?: string | null;
}

export interface DemoDoctorFields {
  email: string;
  specialization?: string;
  fee?: number;
  available_days?: string[];
  approved?: boolean;
}

export const DEMO_PATIENT = 'patient@afya.test';
export const DEMO_LAB_DOCTOR = 'dr.wanjiku@afya.test';

/** The last line of stdin that is JSON with a users array (the auth seed may log before it). */
export function parseUsers(input: string): SeededUser[] {
  const lines = input.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.startsWith('{'));
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      const parsed = JSON.parse(lines[i]) as { users?: unknown };
      if (Array.isArray(parsed.users)) return parsed.users as SeededUser[];
    } catch {
      // a log line that looks like JSON
    }
  }
  throw new Error('expected the auth seed\'s {"users":[...]} line on stdin');
}

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    if (process.stdin.isTTY) return resolve('');
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text));
    process.stdin.on('error', reject);
  });
}

/** The first date on or after `from` (stepping by `step` days) that the doctor works and the clinic is open at `slot`. */
function workingDate(doctor: DoctorRow, from: string, step: 1 | -1, slot: string): string {
  const open = (date: string) => worksOn(doctor.available_days, date) && clinicHoursProblem(date, slot) === null;
  let date = from;
  for (let i = 0; i < 14 && !open(date); i++) date = addDays(date, step);
  return date;
}

async function upsertDoctor(manager: EntityManager, user: SeededUser, demo: DemoDoctorFields | undefined): Promise<void> {
  await applyUserEvent(manager, { ...user, status: user.status ?? 'active' } as UserEventData);
  if (user.role !== 'doctor' || !demo) return;
  const [before]: DoctorRow[] = await manager.query(`${DOCTOR_SELECT} WHERE user_id = $1 FOR UPDATE`, [user.user_id]);
  const [after] = returnedRows<DoctorRow>(await manager.query(
    `UPDATE doctors
        SET specialization = COALESCE(specialization, $2),
            fee = COALESCE(fee, $3),
            available_days = CASE WHEN cardinality(available_days) = 0 THEN $4::text[] ELSE available_days END,
            approval_status = CASE WHEN $5 THEN 'approved' ELSE approval_status END,
            approved_at = CASE WHEN $5 THEN COALESCE(approved_at, now()) ELSE approved_at END,
            updated_at = now()
      WHERE user_id = $1
      RETURNING doctor_id, user_id, first_name, last_name, specialization, fee::float8 AS fee, contact_phone, available_days, offers_video,
                approval_status, active, created_at, updated_at`,
    [user.user_id, demo.specialization ?? null, demo.fee ?? null, normalizeDays(demo.available_days ?? []), demo.approved === true],
  ));
  if (before?.approval_status !== 'approved' && after.approval_status === 'approved') {
    await recordEvent(manager, AppointmentEvents.doctorApproved, toDoctorEventData(after));
  }
}

interface DemoBooking {
  doctorEmail: string;
  daysFromToday: number;
  slot: TimeSlot;
  type: AppointmentType;
  status: 'Pending' | 'Confirmed' | 'Completed';
  notes: string;
  diagnosis?: string;
  treatment?: string;
  medications?: string;
  duration?: number;
}

const DEMO_BOOKINGS: DemoBooking[] = [
  {
    doctorEmail: 'dr.wanjiku@afya.test',
    daysFromToday: 3,
    slot: '10:00 AM',
    type: 'Follow-up',
    status: 'Confirmed',
    notes: 'Follow-up on blood pressure readings after the change of medication.',
  },
  {
    doctorEmail: 'dr.otieno@afya.test',
    daysFromToday: 8,
    slot: '02:30 PM',
    type: 'Consultation',
    status: 'Pending',
    notes: 'Itchy rash on both forearms for two weeks, not improving with lotion.',
  },
  {
    doctorEmail: 'dr.wanjiku@afya.test',
    daysFromToday: -12,
    slot: '09:30 AM',
    type: 'Regular Checkup',
    status: 'Completed',
    notes: 'Occasional palpitations and headaches in the evening.',
    diagnosis: 'Stage 1 hypertension (148/94 mmHg); ECG normal sinus rhythm.',
    treatment: 'Reduce salt, 30 minutes of walking daily, home BP log twice a day; lipid panel ordered.',
    medications: 'Amlodipine 5 mg once daily',
    duration: 30,
  },
  {
    doctorEmail: 'dr.mutua@afya.test',
    daysFromToday: -40,
    slot: '11:00 AM',
    type: 'Consultation',
    status: 'Completed',
    notes: 'Dry cough and mild fever for five days, worse at night.',
    diagnosis: 'Acute bronchitis, no signs of pneumonia.',
    treatment: 'Rest, fluids, steam inhalation; return if fever lasts beyond 3 more days.',
    medications: 'Paracetamol 1 g three times daily for 3 days',
    duration: 20,
  },
];

async function seedAppointments(manager: EntityManager, usersByEmail: Map<string, SeededUser>): Promise<number> {
  const patient = usersByEmail.get(DEMO_PATIENT);
  if (!patient) return 0;
  const [{ count }]: { count: string }[] = await manager.query(`SELECT count(*) FROM appointments WHERE user_id = $1`, [patient.user_id]);
  if (Number(count) > 0) return 0; // once: the patient already has appointments
  const today = clinicToday();
  let created = 0;
  for (const booking of DEMO_BOOKINGS) {
    const doctorUser = usersByEmail.get(booking.doctorEmail);
    if (!doctorUser) continue;
    const [doctor]: DoctorRow[] = await manager.query(`${DOCTOR_SELECT} WHERE user_id = $1`, [doctorUser.user_id]);
    if (!doctor) continue;
    const date = workingDate(doctor, addDays(today, booking.daysFromToday), booking.daysFromToday > 0 ? 1 : -1, booking.slot);
    const startsAt = slotStart(date, booking.slot);
    const completedAt = booking.status === 'Completed' ? new Date(startsAt.getTime() + (booking.duration ?? 25) * 60_000) : null;
    const inserted: { appointment_id: number }[] = await manager.query(
      `INSERT INTO appointments
         (user_id, doctor_id, appointment_date, time_slot, starts_at, appointment_type, total_amount, appointment_status, paid, notes,
          duration, patient_full_name, diagnosis, treatment, medications, completed_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17)
       ON CONFLICT DO NOTHING
       RETURNING appointment_id`,
      [
        patient.user_id,
        doctor.doctor_id,
        date,
        booking.slot,
        startsAt,
        booking.type,
        bookingAmount(booking.type, doctor.fee),
        booking.status,
        false, // paid only once a payment is confirmed with the provider (CONTRACT.md §10.2)
        booking.notes,
        booking.duration ?? 25,
        `${patient.firstname} ${patient.lastname}`,
        booking.diagnosis ?? null,
        booking.treatment ?? null,
        booking.medications ?? null,
        completedAt,
        booking.daysFromToday > 0 ? new Date() : new Date(startsAt.getTime() - 3 * 86_400_000),
      ],
    );
    if (!inserted.length) continue; // the slot is taken (someone booked it): leave it
    const [row]: AppointmentRow[] = await manager.query(`${APPOINTMENT_SELECT} WHERE a.appointment_id = $1`, [inserted[0].appointment_id]);
    await recordEvent(manager, AppointmentEvents.created, toEventData(row));
    created += 1;
  }
  return created;
}

async function seedLabResult(manager: EntityManager, usersByEmail: Map<string, SeededUser>): Promise<number> {
  const doctorUser = usersByEmail.get(DEMO_LAB_DOCTOR);
  const patient = usersByEmail.get(DEMO_PATIENT);
  if (!doctorUser || !patient) return 0;
  const [doctor]: { doctor_id: number }[] = await manager.query(`SELECT doctor_id FROM doctors WHERE user_id = $1`, [doctorUser.user_id]);
  if (!doctor) return 0;
  const [{ count }]: { count: string }[] = await manager.query(`SELECT count(*) FROM lab_results WHERE doctor_id = $1`, [doctor.doctor_id]);
  if (Number(count) > 0) return 0;
  const [appointment]: { appointment_id: number }[] = await manager.query(
    `SELECT appointment_id FROM appointments WHERE doctor_id = $1 AND user_id = $2 AND appointment_status = 'Completed'
      ORDER BY starts_at DESC LIMIT 1`,
    [doctor.doctor_id, patient.user_id],
  );
  await manager.query(
    `INSERT INTO lab_results (doctor_id, user_id, appointment_id, test_name, message) VALUES ($1, $2, $3, $4, $5)`,
    [
      doctor.doctor_id,
      patient.user_id,
      appointment?.appointment_id ?? null,
      'Lipid panel',
      `Lipid panel for ${patient.firstname} ${patient.lastname} is ready: total cholesterol 5.9 mmol/L, LDL 3.8 mmol/L (borderline high).`,
    ],
  );
  return 1;
}

/** Applies the demo data in one transaction; returns what it added. Safe to run any number of times. */
export async function seedDemoData(dataSource: DataSource, users: SeededUser[], demo: DemoDoctorFields[]) {
  const demoByEmail = new Map(demo.map((d) => [d.email.trim().toLowerCase(), d]));
  const usersByEmail = new Map(users.map((u) => [u.email.trim().toLowerCase(), u]));
  return dataSource.transaction(async (manager) => {
    for (const user of users) await upsertDoctor(manager, user, demoByEmail.get(user.email.trim().toLowerCase()));
    const appointments = await seedAppointments(manager, usersByEmail);
    const labResults = await seedLabResult(manager, usersByEmail);
    return { users: users.length, doctors: users.filter((u) => u.role === 'doctor').length, appointments, labResults };
  });
}

async function seed(): Promise<void> {
  const file = process.env.AFYA_DEMO_DATA;
  if (!file) throw new Error('AFYA_DEMO_DATA is not set');
  const users = parseUsers(await readStdin());
  const demo = (JSON.parse(readFileSync(file, 'utf8')) as { users?: DemoDoctorFields[] }).users ?? [];
  const options = serviceDataSourceOptions(appointmentDatabase) as DataSourceOptions & { url: string; schema: string };
  await ensureSchema(options.url, options.schema);
  const dataSource = await new DataSource({ ...options, migrationsRun: true }).initialize();
  try {
    const summary = await seedDemoData(dataSource, users, demo);
    getProcessLogger().info(
      { ...summary },
      `seeded ${summary.users} users, ${summary.doctors} doctor profiles, ${summary.appointments} new appointments, ${summary.labResults} new lab results`,
    );
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  configureProcessLogger({ service: 'appointment:seed' });
  seed().catch((error: Error) => {
    getProcessLogger().error({ err: error }, `appointment seed failed: ${error.message}`);
    process.exit(1);
  });
}

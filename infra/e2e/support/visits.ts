import { call, login } from './api';
import { DEMO } from './browser';

/** A patient registered for one journey (fresh email per run). */
export interface JourneyPatient {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  contact_phone: string;
  address: string;
}

/** A doctor as the patient's doctor list shows them. */
export interface ListedDoctor {
  doctor_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  available_days: string[];
}

/** The demo doctor as the patient's doctor list shows them. */
export type DemoDoctor = ListedDoctor;

type Availability = { bookable_date?: boolean; slots: Array<{ time_slot: string; available: boolean }> };

/** A clinic (Africa/Nairobi, UTC+3 all year) date `days` from today. */
export const nairobiDate = (days: number) => new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Whether the doctor works on that clinic date (no weekdays listed: every day). */
const worksOn = (doctor: { available_days: string[] }, date: string) =>
  !doctor.available_days.length || doctor.available_days.includes(WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!);

/** The times still free on a doctor's day (none on a day that cannot be booked). */
async function freeTimes(token: string, doctorId: number, date: string): Promise<string[]> {
  const { body } = await call<Availability>('GET', `appointments/availability?doctor_id=${doctorId}&date=${date}`, token);
  return body.bookable_date === false ? [] : body.slots.filter((slot) => slot.available).map((slot) => slot.time_slot);
}

/**
 * The first day from `fromDay` to `toDay` days ahead (not one of `except`) on which a doctor (of `doctors`, else of
 * the patient's doctor list; the lowest id first) works and has free times: the doctor, the day and its free times.
 */
export async function firstFreeDay(
  patientToken: string,
  options: { fromDay: number; toDay: number; except?: string[]; doctors?: ListedDoctor[]; atLeast?: number },
): Promise<{ doctor: ListedDoctor; date: string; free: string[] }> {
  const atLeast = options.atLeast ?? 1;
  const listed = options.doctors ?? (await call<{ doctors: ListedDoctor[] }>('GET', 'appointments/doctors', patientToken)).body.doctors;
  const doctors = [...listed].sort((a, b) => a.doctor_id - b.doctor_id);
  for (let day = options.fromDay; day <= options.toDay; day++) {
    const date = nairobiDate(day);
    if (options.except?.includes(date)) continue;
    for (const doctor of doctors) {
      if (!worksOn(doctor, date)) continue;
      const free = await freeTimes(patientToken, doctor.doctor_id, date);
      if (free.length >= atLeast) return { doctor, date, free };
    }
  }
  const whose = options.doctors?.length === 1 ? ` of Dr. ${options.doctors[0]!.last_name}` : '';
  throw new Error(`no day with ${atLeast} free slot(s)${whose} from ${options.fromDay} to ${options.toDay} days ahead`);
}

/** Books a Consultation for the patient (in person, or by video where the doctor offers it): its id and visit mode. */
async function book(patientToken: string, visit: { doctor_id: number; date: string; time_slot: string; notes: string; visitMode?: 'video' }): Promise<{ appointment_id: number; visit_mode: string }> {
  const res = await call<{ appointment: { appointment_id: number; visit_mode: string } }>('POST', 'appointments', patientToken, {
    doctor_id: visit.doctor_id,
    appointment_date: visit.date,
    time_slot: visit.time_slot,
    appointment_type: 'Consultation',
    notes: visit.notes,
    ...(visit.visitMode ? { visit_mode: visit.visitMode } : {}),
  });
  if (res.status !== 201) throw new Error(`booking ${visit.date} ${visit.time_slot}: ${res.status} ${res.text}`);
  return res.body.appointment;
}

/**
 * A doctor's day made full: on the first free day (firstFreeDay), the patient books every free time (a
 * Consultation). The doctor, the day and the visits booked, in the order of their times.
 */
export async function bookFullDay(
  patientToken: string,
  options: { fromDay: number; toDay: number; notes: string; except?: string[] },
): Promise<{ doctor: ListedDoctor; date: string; booked: Array<{ appointment_id: number; time_slot: string }> }> {
  const { doctor, date, free } = await firstFreeDay(patientToken, options);
  const booked: Array<{ appointment_id: number; time_slot: string }> = [];
  for (const time_slot of free) {
    const { appointment_id } = await book(patientToken, { doctor_id: doctor.doctor_id, date, time_slot, notes: options.notes });
    booked.push({ appointment_id, time_slot });
  }
  return { doctor, date, booked };
}

/** Registers the patient and signs them in: their user id and token. */
export async function registerPatient(patient: JourneyPatient): Promise<{ userId: number; token: string }> {
  const registered = await call<{ user: { user_id: number } }>('POST', 'auth/register', undefined, patient);
  if (registered.status !== 201) throw new Error(`register ${patient.email}: ${registered.status} ${registered.text}`);
  return { userId: registered.body.user.user_id, token: await login(patient.email, patient.password) };
}

/** The demo doctor (dr.wanjiku@afya.test) as a patient sees them, and the doctor's own token. */
export async function demoDoctor(patientToken: string): Promise<{ doctor: DemoDoctor; doctorToken: string }> {
  const doctorToken = await login(DEMO.doctor.email, DEMO.doctor.password);
  const me = await call<{ user: { user_id: number } }>('GET', 'user/profile', doctorToken);
  const { body } = await call<{ doctors: DemoDoctor[] }>('GET', 'appointments/doctors', patientToken);
  const doctor = body.doctors.find((d) => d.user_id === me.body.user.user_id);
  if (!doctor) throw new Error('the demo doctor is not in the patient’s doctor list');
  return { doctor, doctorToken };
}

/**
 * Books the doctor's first free slot from `fromDay` to `toDay` days ahead (firstFreeDay), in person or, with
 * `visitMode: 'video'`, by video (the doctor must offer it), then, as an admin, sets the visit's status (Confirmed:
 * as payment would; Completed: a visit that took place). The appointment id.
 */
export async function bookFirstFreeSlot(
  patientToken: string,
  doctor: DemoDoctor,
  options: { fromDay: number; toDay: number; notes: string; status: 'Confirmed' | 'Completed'; visitMode?: 'video' },
): Promise<number> {
  const { date, free } = await firstFreeDay(patientToken, { fromDay: options.fromDay, toDay: options.toDay, doctors: [doctor] });
  const booked = await book(patientToken, { doctor_id: doctor.doctor_id, date, time_slot: free[0]!, notes: options.notes, visitMode: options.visitMode });
  const id = booked.appointment_id;
  if (options.visitMode && booked.visit_mode !== options.visitMode) throw new Error(`appointment ${id} booked as ${booked.visit_mode}, not ${options.visitMode}`);
  const adminToken = await login(DEMO.admin.email, DEMO.admin.password);
  const set = await call('PATCH', `appointments/${id}/override`, adminToken, { status: options.status });
  if (set.status !== 200) throw new Error(`setting appointment ${id} ${options.status}: ${set.status} ${set.text}`);
  return id;
}

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

/** The demo doctor as the patient's doctor list shows them. */
export interface DemoDoctor {
  doctor_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  available_days: string[];
}

/** A clinic (Africa/Nairobi, UTC+3 all year) date `days` from today. */
const nairobiDate = (days: number) => new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

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
 * Books the doctor's first free slot from `fromDay` to `toDay` days ahead (the availability list offers only the
 * slots the clinic's hours and the doctor's weekdays allow), then, as an admin, sets the visit's status (Confirmed:
 * as payment would; Completed: a visit that took place). The appointment id.
 */
export async function bookFirstFreeSlot(
  patientToken: string,
  doctor: DemoDoctor,
  options: { fromDay: number; toDay: number; notes: string; status: 'Confirmed' | 'Completed' },
): Promise<number> {
  for (let day = options.fromDay; day <= options.toDay; day++) {
    const date = nairobiDate(day);
    const slots = await call<{ slots: Array<{ time_slot: string; available: boolean }> }>('GET', `appointments/availability?doctor_id=${doctor.doctor_id}&date=${date}`, patientToken);
    const free = slots.body.slots.find((s) => s.available);
    if (!free) continue;
    const booked = await call<{ appointment: { appointment_id: number } }>('POST', 'appointments', patientToken, {
      doctor_id: doctor.doctor_id,
      appointment_date: date,
      time_slot: free.time_slot,
      appointment_type: 'Consultation',
      notes: options.notes,
    });
    if (booked.status !== 201) throw new Error(`booking ${date} ${free.time_slot}: ${booked.status} ${booked.text}`);
    const id = booked.body.appointment.appointment_id;
    const adminToken = await login(DEMO.admin.email, DEMO.admin.password);
    const set = await call('PATCH', `appointments/${id}/override`, adminToken, { status: options.status });
    if (set.status !== 200) throw new Error(`setting appointment ${id} ${options.status}: ${set.status} ${set.text}`);
    return id;
  }
  throw new Error(`no free slot of Dr. ${doctor.last_name} from ${options.fromDay} to ${options.toDay} days ahead`);
}

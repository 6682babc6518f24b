import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { AuthModule } from '@afya/auth-service/src/auth.module';
import { PaymentModule } from '@afya/payment-service/src/payment.module';
import type { DataExportArchive } from '@afya/prescription-service/contracts';
import { PrescriptionModule } from '@afya/prescription-service/src/prescription.module';
import { ReportingModule } from '@afya/reporting-service/src/reporting.module';
import { SupportModule } from '@afya/support-service/src/support.module';
import { pdfText } from '@afya/service-shared';
import { eventually } from '@afya/service-shared/testing';
import { Client } from 'pg';
import { type MailInbox, startMailInbox } from '../../../infra/sandboxes';
import { bookAs, createDoctor, openClinicDate, sql, type TestDoctor } from '../appointments/support';
import { type Sandboxes, startPaymentPlatform } from '../payments/support';
import { createAdmin } from '../support/admin';
import type { TestPlatform } from '../support/platform';
import { signUpAndIn } from '../support/users';

jest.setTimeout(180_000);

/**
 * Issue 44: the data export is everything Afya holds about the person (the Kenya Data Protection Act's right of
 * access), and it had left out waitlist entries and message preferences. This inventory is the check: every table of
 * every service's schema with a column naming a person (user_id, patient_id, *_user_id, *_by, sender_id) is listed
 * here with where its rows about that person are in their export, and the test fails when a table or such a column
 * appears that is not listed (or one listed is gone). Ids inside JSON (outbox payloads, pg-boss jobs) are transport,
 * pruned after days, and not listed.
 */
const PERSON_COLUMN = /^(user_id|patient_id|sender_id)$|_user_id$|_by$/;

type ArchiveKey = Exclude<keyof DataExportArchive, 'format' | 'version' | 'generated_at'>;

interface Coverage {
  /**
   * The column naming the person the rows are about, and where those rows are in that person's export: archive keys,
   * or the table this one copies (a read model fed by the owner's events: the owner's rows are exported), or the table
   * the rows belong to (exported with it).
   */
  subject: { column: string } & ({ exported: ArchiveKey[] } | { copyOf: string } | { partOf: string });
  /** Other columns naming a person (who acted on the row): why the row is not theirs to receive. */
  others?: Record<string, string>;
}

const DOCTOR = "the visit's doctor: the row is the patient's record (the doctor reads it in the app within the care rules); the doctor's own data is their profile";
const STAFF = 'the staff member who acted: the row is about the person it names, who receives it';
const ACTOR = "who read or changed a patient's record: the patient receives the entry in their access log; it is a record of their data";

const COVERAGE: Record<string, Coverage> = {
  // auth
  'auth.users': { subject: { column: 'user_id', exported: ['account'] } },
  'auth.erasure_requests': { subject: { column: 'user_id', exported: ['erasure_requests'] }, others: { decided_by: STAFF } },
  'auth.password_resets': { subject: { column: 'user_id', exported: ['password_resets'] } },
  'auth.profile_pictures': { subject: { column: 'user_id', exported: ['account'] } }, // account.profilePictureUrl: the picture itself
  'auth.token_revocations': { subject: { column: 'user_id', exported: ['signed_out_sessions'] } },
  'auth.user_appointment_counts': { subject: { column: 'user_id', copyOf: 'appointment.appointments' } },
  // issue 36: family care. A link is both people's: each receives it in their export (family.links, role carer or member).
  'auth.family_dependants': {
    subject: { column: 'user_id', exported: ['family'] },
    others: { added_by_user_id: 'the carer who added the child: they receive the link and the consent in their own export (family)' },
  },
  'auth.family_links': {
    subject: { column: 'carer_user_id', exported: ['family'] },
    others: { member_user_id: 'the member receives the same link in their own export (family.links, role member)' },
  },
  'auth.family_consents': {
    subject: { column: 'given_by_user_id', exported: ['family'] },
    others: { member_user_id: 'the child the consent is about receives it in their own export (family.consents)' },
  },
  // appointment
  'appointment.appointments': {
    subject: { column: 'user_id', exported: ['appointments'] },
    others: { booked_by_user_id: 'the carer who booked for a family member (issue 36): the visit is the patient’s record; the carer’s link is in their own export (family)' },
  },
  'appointment.appointment_ratings': { subject: { column: 'user_id', exported: ['appointments'] } }, // rating, rating_comment
  'appointment.doctors': { subject: { column: 'user_id', exported: ['doctor_profile'] }, others: { approved_by: STAFF } },
  'appointment.lab_results': { subject: { column: 'user_id', exported: ['lab_results'] } },
  'appointment.user_directory': { subject: { column: 'user_id', copyOf: 'auth.users' } },
  'appointment.waitlist_entries': { subject: { column: 'user_id', exported: ['waitlist_entries'] } },
  'appointment.waitlist_offers': { subject: { column: 'user_id', exported: ['waitlist_offers'] } },
  // issue 40: a visit's attendance (arrival, queue number, outcome), in its patient's export as `attendance` (the
  // row names no patient: it is theirs through the appointment; checked_in_by is them or the staff member who did it,
  // said in the export as checked_in_by_you).
  'appointment.appointment_attendance': { subject: { column: 'checked_in_by', exported: ['attendance'] } },
  // issue 38: insurance cover. A cover is its patient's (insurance_covers); a carer who added a member's cover has the
  // link in their own export. A visit's cover snapshot and its checks at the desk are part of the visit
  // (appointments[].cover); checked_by is the doctor or admin who marked it.
  'appointment.patient_covers': {
    subject: { column: 'user_id', exported: ['insurance_covers'] },
    others: { added_by: 'the carer who added a family member’s cover (issue 36 scopes): the cover is the member’s; the carer’s link is in their own export (family)' },
  },
  'appointment.appointment_covers': { subject: { column: 'checked_by', partOf: 'appointment.appointments' } },
  'appointment.appointment_cover_checks': { subject: { column: 'checked_by', partOf: 'appointment.appointments' } },
  // payment
  'payment.payments': { subject: { column: 'user_id', exported: ['payments'] } },
  // prescription
  'prescription.appointments': { subject: { column: 'user_id', copyOf: 'appointment.appointments' }, others: { doctor_user_id: DOCTOR } },
  'prescription.audit_log': { subject: { column: 'patient_user_id', exported: ['access_log'] }, others: { actor_user_id: ACTOR } },
  'prescription.medical_record_removals': { subject: { column: 'patient_id', exported: ['removed_medical_records'] }, others: { removed_by: STAFF } },
  'prescription.prescriptions': { subject: { column: 'patient_id', exported: ['prescriptions', 'medical_history'] }, others: { doctor_user_id: DOCTOR, deleted_by: STAFF } },
  'prescription.user_directory': { subject: { column: 'user_id', copyOf: 'auth.users' } },
  // issue 39: readings (entered in error included) and the alerts critical ones raised
  'prescription.vital_readings': {
    subject: { column: 'patient_id', exported: ['vital_readings'] },
    others: { recorded_by: 'who entered the reading (the patient, or the doctor at a visit): the row is the patient’s record', entered_in_error_by: STAFF },
  },
  'prescription.vital_alerts': { subject: { column: 'patient_id', exported: ['vital_alerts'] }, others: { doctor_user_id: DOCTOR } },
  // reporting (read models of the other services' events, and the admins' downloads)
  'reporting.report_downloads': { subject: { column: 'actor_user_id', partOf: 'prescription.audit_log' } }, // each patient in a download sees it in their access log
  'reporting.rm_users': { subject: { column: 'user_id', copyOf: 'auth.users' } },
  'reporting.rm_doctors': { subject: { column: 'user_id', copyOf: 'appointment.doctors' } },
  'reporting.rm_appointments': { subject: { column: 'user_id', copyOf: 'appointment.appointments' }, others: { doctor_user_id: DOCTOR } },
  'reporting.rm_payments': { subject: { column: 'patient_id', copyOf: 'payment.payments' } },
  'reporting.rm_prescriptions': { subject: { column: 'patient_id', copyOf: 'prescription.prescriptions' } },
  'reporting.rm_tickets': { subject: { column: 'user_id', copyOf: 'support.tickets' } },
  // support
  'support.appointment_directory': { subject: { column: 'user_id', copyOf: 'appointment.appointments' }, others: { doctor_user_id: DOCTOR } },
  'support.deliveries': { subject: { column: 'user_id', exported: ['messages'] } },
  'support.family_links': {
    subject: { column: 'carer_user_id', copyOf: 'auth.family_links' }, // ids only: whom a member's messages also go to (decision 0118)
    others: { member_user_id: 'the member: the same link, from auth, in their own export (family.links)' },
  },
  'support.message_appointments': { subject: { column: 'user_id', copyOf: 'appointment.appointments' }, others: { doctor_user_id: DOCTOR } },
  'support.notification_preferences': { subject: { column: 'user_id', exported: ['message_preferences'] } },
  'support.ticket_messages': { subject: { column: 'sender_id', partOf: 'support.tickets' } }, // the conversation of the ticket's owner: tickets[].messages
  'support.tickets': { subject: { column: 'user_id', exported: ['tickets'] }, others: { deleted_by: STAFF } },
  'support.user_directory': { subject: { column: 'user_id', copyOf: 'auth.users' } },
};

const SERVICES = ['auth', 'appointment', 'payment', 'prescription', 'reporting', 'support'];

/** Every (service.table, column) of this test file's schemas whose column names a person. */
async function personColumns(): Promise<Map<string, string[]>> {
  const suffix = process.env.AFYA_SCHEMA_SUFFIX;
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const schemas = SERVICES.map((service) => `${service}_${suffix}`);
    const { rows } = await client.query<{ table_schema: string; table_name: string; column_name: string }>(
      `SELECT c.table_schema, c.table_name, c.column_name
         FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
        WHERE c.table_schema = ANY($1) AND t.table_type = 'BASE TABLE'
        ORDER BY 1, 2, 3`,
      [schemas],
    );
    const found = new Map<string, string[]>();
    for (const row of rows.filter((r) => PERSON_COLUMN.test(r.column_name))) {
      const table = `${row.table_schema.slice(0, -(suffix!.length + 1))}.${row.table_name}`;
      found.set(table, [...(found.get(table) ?? []), row.column_name]);
    }
    return found;
  } finally {
    await client.end();
  }
}

describe('the data export covers every table holding a person (real NATS + PostgreSQL, every service)', () => {
  let platform: TestPlatform & { sandboxes: Sandboxes };
  let inbox: MailInbox;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let doctor: TestDoctor;

  beforeAll(async () => {
    inbox = await startMailInbox();
    platform = await startPaymentPlatform(
      { auth: AuthModule, appointment: AppointmentModule, payment: PaymentModule, prescription: PrescriptionModule, support: SupportModule, reporting: ReportingModule },
      { SMTP_URL: inbox.smtpUrl, MESSAGE_POLL_SECONDS: '1', PUBLIC_APP_URL: 'https://afya.test' },
    );
    admin = await createAdmin(platform);
    doctor = await createDoctor(platform, admin.token, { firstname: 'Grace', lastname: 'Wanjiku' });
  });

  afterAll(async () => {
    await platform?.close();
    await inbox?.close();
  });

  it('lists every table with a column naming a person, and every such column, in the inventory (and nothing that is gone)', async () => {
    const found = await personColumns();
    expect([...found.keys()].sort()).toEqual(Object.keys(COVERAGE).sort());
    for (const [table, columns] of found) {
      const { subject, others = {} } = COVERAGE[table];
      expect({ table, columns: columns.sort() }).toEqual({ table, columns: [subject.column, ...Object.keys(others)].sort() });
    }
    // a copy's or a part's owner is itself in the export
    for (const [table, { subject }] of Object.entries(COVERAGE)) {
      const owner = 'copyOf' in subject ? subject.copyOf : 'partOf' in subject ? subject.partOf : null;
      if (owner) expect({ table, owner, exported: 'exported' in (COVERAGE[owner]?.subject ?? {}) }).toEqual({ table, owner, exported: true });
    }
  });

  it("a patient's export holds their rows of every table: waitlist entries and offers, message preferences and messages included", async () => {
    const patient = await signUpAndIn(platform, { firstname: 'Achieng', lastname: 'Odhiambo', contact_phone: '+254722300101' });
    const other = await signUpAndIn(platform, { firstname: 'Baraka', lastname: 'Other' });
    const day = openClinicDate(3);
    // a waitlist entry, and a slot offered from it (another patient's booking on that day, cancelled)
    const taken = await bookAs(platform, other.token, doctor.doctorId, { appointment_date: day, time_slot: '10:00 AM' });
    const joined = await platform.api('POST', '/waitlist', {
      token: patient.token,
      body: { doctor_id: doctor.doctorId, date_from: day, date_to: day, appointment_type: 'Consultation', notes: 'The earliest visit, please.' },
    });
    expect(joined.status).toBe(201);
    expect((await platform.api('PATCH', `/appointments/${taken.appointment_id}/status`, { token: other.token, body: { status: 'Cancelled' } })).status).toBe(200);
    // their own appointment, completed, with a record an admin removes from their history, and a lab result about them
    const visit = await bookAs(platform, patient.token, doctor.doctorId, { appointment_date: openClinicDate(2), time_slot: '09:00 AM' });
    expect((await platform.api('PATCH', `/appointments/${visit.appointment_id}/override`, { token: admin.token, body: { status: 'Completed' } })).status).toBe(200);
    await eventually(async () => {
      const removed = await platform.api('DELETE', `/medical-history/appt-${visit.appointment_id}`, { token: admin.token, body: { reason: 'Entered for the wrong patient' } });
      expect(removed.status).toBe(200);
    }, 15_000);
    // (no route writes lab results: the laboratory integration is not built; the seed inserts them like this)
    await sql('appointment', `INSERT INTO lab_results (doctor_id, user_id, appointment_id, test_name, message) VALUES ($1, $2, $3, 'Full blood count', 'Results are in')`, [
      doctor.doctorId,
      patient.user.user_id,
      visit.appointment_id,
    ]);
    // a critical reading at home (an alert for the doctor caring for them: the completed visit) and one entered in error
    await eventually(async () => {
      const [row] = await sql('prescription', `SELECT appointment_status FROM appointments WHERE appointment_id = $1`, [visit.appointment_id]);
      expect(row?.appointment_status).toBe('Completed');
    }, 15_000);
    const critical = await platform.api('POST', '/vitals', { token: patient.token, body: { kind: 'blood_pressure', values: { systolic: 185, diastolic: 95 }, measured_at: '2025-06-01T04:00:00Z' } });
    expect(critical.status).toBe(201);
    const wrong = await platform.api('POST', '/vitals', { token: patient.token, body: { kind: 'weight', values: { weight: 168 }, measured_at: '2025-06-02T04:00:00Z' } });
    expect((await platform.api('POST', `/vitals/${wrong.body.reading.reading_id}/entered-in-error`, { token: patient.token })).status).toBe(200);
    // message preferences, a password reset, a session signed out
    expect((await platform.api('PUT', '/notifications/preferences', { token: patient.token, body: { sms: false } })).status).toBe(200);
    expect((await platform.api('POST', '/auth/forgot-password', { body: { email: patient.details.email } })).status).toBe(200);
    const second = await platform.api('POST', '/auth/login', { body: { email: patient.details.email, password: patient.details.password } });
    expect((await platform.api('POST', '/auth/logout', { token: second.body.token })).status).toBe(200);

    // the messages sent to them (the booking's confirmation by SMS and email) reach the delivery log
    // (the booking's own: the waitlist's offers reach the log first, and counting any row let CI export before it)
    await eventually(async () => {
      const kinds = await sql('support', `SELECT kind FROM deliveries WHERE user_id = $1 AND kind = 'booking-confirmation'`, [patient.user.user_id]);
      expect(kinds.length).toBeGreaterThan(0);
    }, 20_000);
    // the reset is made by auth's reset-request queue after the reply (forgot-password answers in constant time), and
    // its email is then logged: both are there before the tables are counted
    await eventually(async () => {
      expect(await sql('auth', `SELECT 1 FROM password_resets WHERE user_id = $1`, [patient.user.user_id])).toHaveLength(1);
      expect(await sql('support', `SELECT 1 FROM deliveries WHERE user_id = $1 AND kind = 'password-reset'`, [patient.user.user_id])).not.toHaveLength(0);
    }, 20_000);
    // What each table holds about them now (rows only grow meanwhile: the export must have at least as many)
    const held = new Map<string, number>();
    for (const [table, { subject }] of Object.entries(COVERAGE)) {
      if (!('exported' in subject)) continue;
      const [service, name] = table.split('.');
      const [{ n }] = await sql<{ n: number }>(service, `SELECT count(*)::int AS n FROM ${name} WHERE ${subject.column} = $1`, [patient.user.user_id]);
      held.set(table, n);
    }
    const archive = await eventually(async () => {
      const response = await platform.api<DataExportArchive>('GET', '/user/data-export', { token: patient.token });
      expect(response.status).toBe(200);
      expect(response.body.access_log.length).toBeGreaterThan(0);
      return response.body;
    }, 15_000);

    // every part the inventory names is in the archive, with (at least) every row the table holds about them
    for (const [table, { subject }] of Object.entries(COVERAGE)) {
      if (!('exported' in subject)) continue;
      for (const key of subject.exported) expect(Object.keys(archive)).toContain(key);
      const part = archive[subject.exported[0]];
      const exported = Array.isArray(part) ? part.length : part ? 1 : 0;
      expect({ table, enough: exported >= held.get(table)! }).toEqual({ table, enough: true });
    }
    // the tables this person has rows in, so the line above checked something for each of them
    expect([...held].filter(([, n]) => n > 0).map(([table]) => table).sort()).toEqual(
      [
        'auth.users',
        'auth.password_resets',
        'auth.token_revocations',
        'appointment.appointments',
        'appointment.lab_results',
        'appointment.waitlist_entries',
        'appointment.waitlist_offers',
        'prescription.audit_log',
        'prescription.medical_record_removals',
        'prescription.vital_alerts',
        'prescription.vital_readings',
        'support.deliveries',
        'support.notification_preferences',
      ].sort(),
    );
    expect(archive.waitlist_entries).toEqual([
      expect.objectContaining({ entry_id: joined.body.entry.entry_id, date_from: day, date_to: day, notes: 'The earliest visit, please.', doctor: expect.objectContaining({ doctor_id: doctor.doctorId }) }),
    ]);
    expect(archive.waitlist_offers).toEqual([expect.objectContaining({ entry_id: joined.body.entry.entry_id, appointment_date: day, time_slot: '10:00 AM', status: 'held' })]);
    expect(archive.message_preferences).toEqual({ sms: false, email: true, updated_at: expect.any(String) });
    expect(archive.messages!.map((m) => m.kind)).toEqual(expect.arrayContaining(['booking-confirmation', 'password-reset']));
    // each as the admins' delivery log has it (the recipient masked), never a body
    expect(Object.keys(archive.messages![0]).sort()).toEqual(
      ['appointment_id', 'attempts', 'channel', 'delivery_id', 'due_at', 'kind', 'provider_status', 'reason', 'recipient', 'sent_at', 'status', 'updated_at'].sort(),
    );
    expect(archive.lab_results).toEqual([expect.objectContaining({ test_name: 'Full blood count', message: 'Results are in', appointment_id: visit.appointment_id })]);
    expect(archive.removed_medical_records).toEqual([{ record_id: `appt-${visit.appointment_id}`, reason: 'Entered for the wrong patient', removed_at: expect.any(String) }]);
    expect(archive.password_resets).toEqual([expect.objectContaining({ channel: 'email', used_at: null })]);
    expect(archive.vital_readings!.map((r) => [r.kind, r.level, r.status])).toEqual([
      ['blood_pressure', 'critical', 'preliminary'],
      ['weight', 'normal', 'entered_in_error'],
    ]);
    expect(archive.vital_alerts).toEqual([
      expect.objectContaining({ reading_id: critical.body.reading.reading_id, doctor_user_id: doctor.userId, doctor_name: 'Grace Wanjiku', acknowledged_at: null }),
    ]);
    // issue 40: completing the visit recorded "attended" beside it
    expect(archive.attendance).toEqual([
      expect.objectContaining({ appointment_id: visit.appointment_id, doctor_name: 'Grace Wanjiku', outcome: 'attended', queue_number: null, checked_in_by_you: false, walk_in: false }),
    ]);
    expect(archive.signed_out_sessions).toHaveLength(1);
    expect(archive.doctor_profile).toBeNull();
    expect(JSON.stringify(archive)).not.toMatch(/secret_hash|password_hash/);

    // the readable PDF has the same parts
    const pdf = await platform.api('GET', '/user/data-export/pdf', { token: patient.token });
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body as unknown as Buffer).replace(/\s+/g, ' ').toLowerCase();
    for (const part of [
      'Waitlists you joined',
      'Slots offered to you from a waitlist',
      'Lab results',
      'Records removed from your medical history',
      'Message preferences',
      'SMS and emails to you',
      'Password resets',
      'Sessions signed out',
      'SMS off · email on',
      'Entered for the wrong patient',
      'Full blood count',
      'Health readings',
      '185/95 mmHg',
      'entered_in_error',
      'Alerts your readings raised for your doctors',
      'Dr. Grace Wanjiku',
      'Your arrival and attendance at visits',
      'attended',
    ]) {
      expect(text).toContain(part.toLowerCase());
    }
  });

  it("a doctor's export holds their doctor profile", async () => {
    const archive = (await platform.api<DataExportArchive>('GET', '/user/data-export', { token: doctor.token })).body;
    expect(archive.doctor_profile).toMatchObject({ doctor_id: doctor.doctorId, user_id: doctor.userId, first_name: 'Grace', last_name: 'Wanjiku', approval_status: 'approved' });
  });
});

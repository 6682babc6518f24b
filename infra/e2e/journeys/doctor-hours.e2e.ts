import type { Browser, Page } from 'puppeteer';
import { auditScreen } from '../support/accessibility';
import { BASE_URL, DEMO, clickButton, closePage, launchBrowser, newPage, pickDate, signIn, waitForOverlaysToSettle, waitForText } from '../support/browser';
import { call, login } from '../support/api';
import { firstFreeDay, nairobiDate, registerPatient, type ListedDoctor } from '../support/visits';

// Issue 37 in the browser: a doctor sets their own weekly hours on My hours, then a leave over a booked visit: the
// visit is listed before anything is saved, and once confirmed it needs a new time. The patient follows the message's
// link to My Appointments, where the visit says so, and picks a new time with the same doctor. An admin closes the
// clinic for a day on the Clinic calendar and sees each doctor's hours there. A fresh doctor (so the demo doctors, whom
// the other journeys book, keep the clinic's hours); the closure lies beyond the booking window and is removed at the end.

/** A clinic date `days` after another (YYYY-MM-DD). */
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const DOCTOR_PASSWORD = 'Doctor#2026';

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A doctor created by the admin, their password set and their profile approved: sign-in details, ids and how patients list them. */
async function createDoctor(adminToken: string, patientToken: string) {
  const email = `dr.hours.${unique()}@example.co.ke`;
  const created = await call<{ user: { user_id: number }; temporaryPassword: string }>('POST', 'admin/users', adminToken, {
    firstname: 'Wairimu',
    lastname: 'Kamau',
    email,
    phone: `07${String(Math.floor(Math.random() * 1e8)).padStart(8, '1')}`,
    role: 'doctor',
    status: 'active',
  });
  if (created.status !== 201) throw new Error(`create doctor: ${created.status} ${created.text}`);
  const temporary = await login(email, created.body.temporaryPassword);
  const changed = await call('POST', 'user/change-password', temporary, { currentPassword: created.body.temporaryPassword, newPassword: DOCTOR_PASSWORD });
  if (changed.status !== 200) throw new Error(`change password: ${changed.status} ${changed.text}`);
  const userId = created.body.user.user_id;
  const doctorId = await until('the new doctor profile', async () =>
    (await call<{ doctors: { user_id: number; doctor_id: number }[] }>('GET', 'admin/doctors', adminToken)).body.doctors.find((d) => d.user_id === userId)?.doctor_id,
  );
  const approved = await call('PATCH', `admin/doctors/${doctorId}/approve`, adminToken, { specialization: 'Dermatology' });
  if (approved.status !== 200) throw new Error(`approve doctor: ${approved.status} ${approved.text}`);
  const listed = await until('the doctor in the patients’ list', async () =>
    (await call<{ doctors: ListedDoctor[] }>('GET', 'appointments/doctors', patientToken)).body.doctors.find((d) => d.doctor_id === doctorId),
  );
  return { email, password: DOCTOR_PASSWORD, doctorId, token: await login(email, DOCTOR_PASSWORD), listed };
}

/** Picks `option` in the antd Select whose input has this aria-label, by typing it (the time lists search). */
async function chooseTime(page: Page, ariaLabel: string, option: string): Promise<void> {
  const input = await page.waitForSelector(`input[aria-label="${ariaLabel}"]`, { visible: true });
  await waitForOverlaysToSettle(page);
  await input!.click();
  await input!.type(option);
  const item = await page.waitForSelector(
    `::-p-xpath(//div[contains(@class,"ant-select-dropdown") and not(contains(@class,"ant-select-dropdown-hidden"))]//div[contains(@class,"ant-select-item-option") and normalize-space(.)=${JSON.stringify(option)}])`,
    { visible: true },
  );
  await waitForOverlaysToSettle(page);
  await item!.evaluate((el) => (el as HTMLElement).click());
  await page.waitForFunction(
    (label, value) => document.querySelector(`input[aria-label="${label}"]`)?.closest('.ant-select')?.textContent === value,
    {},
    ariaLabel,
    option,
  );
}

/** Types a date into the antd DatePicker whose input has this aria-label, then Enter (as a keyboard user does). */
async function typeDate(page: Page, ariaLabel: string, date: string): Promise<void> {
  const input = await page.waitForSelector(`input[aria-label="${ariaLabel}"]`, { visible: true });
  await input!.click({ count: 3 });
  await input!.type(date);
  await page.keyboard.press('Enter');
  await page.waitForFunction((label, value) => (document.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement | null)?.value === value, {}, ariaLabel, date);
  await page.keyboard.press('Escape');
}

/** Follows the sidebar's menu entry to its page. */
async function openFromMenu(page: Page, label: string, path: string): Promise<void> {
  const entry = await page.waitForSelector(`::-p-xpath(//li[contains(@class,"ant-menu-item")][.//*[normalize-space(.)=${JSON.stringify(label)}]])`, { visible: true });
  await entry!.click();
  await page.waitForFunction((p) => location.pathname === p, {}, path);
}

describe("doctors' own hours and leave, and a clinic closure (issue 37)", () => {
  let browser: Browser;
  let adminToken: string;
  let doctor: Awaited<ReturnType<typeof createDoctor>>;
  let patient: { firstname: string; lastname: string; token: string; email: string; password: string };
  let visit: { appointment_id: number; date: string; time_slot: string };
  // Beyond the 30-day booking window: no journey can have a visit that day, and none is refused one meanwhile.
  const closure = { date: nairobiDate(60), name: `Staff retreat ${unique()}` };

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await login(DEMO.admin.email, DEMO.admin.password);
    const details = { firstname: 'Makena', lastname: 'Njeri', email: `hours.${unique()}@example.co.ke`, password: 'Patient#2026', contact_phone: '0722333444', address: 'Ngong Road, Nairobi' };
    const { token } = await registerPatient(details);
    patient = { firstname: details.firstname, lastname: details.lastname, token, email: details.email, password: details.password };
    doctor = await createDoctor(adminToken, token);
    // A weekday visit with the new doctor (no hours of their own yet: the clinic's slots), 3 to 30 days ahead.
    const weekday = (date: string) => [1, 2, 3, 4, 5].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
    const except = Array.from({ length: 31 }, (_, day) => nairobiDate(day)).filter((date) => !weekday(date));
    const { date, free } = await firstFreeDay(token, { fromDay: 3, toDay: 30, doctors: [doctor.listed], except });
    const time_slot = free.find((slot) => slot === '10:00 AM') ?? free[0]!;
    const booked = await call<{ appointment: { appointment_id: number } }>('POST', 'appointments', token, {
      doctor_id: doctor.doctorId,
      appointment_date: date,
      time_slot,
      appointment_type: 'Consultation',
      notes: 'Skin rash on both arms for a week.',
    });
    if (booked.status !== 201) throw new Error(`booking: ${booked.status} ${booked.text}`);
    visit = { appointment_id: booked.body.appointment.appointment_id, date, time_slot };
  });

  /** The leave runs from the visit's day over the next two days; the patient moves the visit to the first weekday after it. */
  const leaveEnd = () => addDays(visit.date, 2);
  const afterLeave = () => {
    for (let date = addDays(leaveEnd(), 1); ; date = addDays(date, 1)) if ([1, 2, 3, 4, 5].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) return date;
  };

  afterAll(async () => {
    // The closure is everyone's: whatever failed, it does not outlive the journey.
    const left = (await call<{ closure_id: number; name: string }[]>('GET', 'admin/closures', adminToken)).body;
    for (const c of left.filter((c) => c.name === closure.name)) await call('DELETE', `admin/closures/${c.closure_id}`, adminToken);
    await browser?.close();
  });

  it('the doctor sets weekly hours on My hours', async () => {
    const page = await newPage(browser);
    await signIn(page, doctor);
    await openFromMenu(page, 'My hours', '/dashboard/doctor/hours');
    await waitForText(page, 'You have not set hours of your own');
    await auditScreen(page);

    // Monday 09:00-13:00, copied to Tuesday-Friday; a second Thursday session 14:00-16:00 at 20-minute slots.
    await clickButton(page, 'Add session');
    await chooseTime(page, 'Monday session 1 end', '13:00');
    await clickButton(page, 'Copy Monday to Tuesday–Friday');
    await page.click('button[aria-label="Add session on Thursday"]');
    await chooseTime(page, 'Thursday session 2 start', '14:00');
    // 14:00 was the default end: the row says so until the end is moved
    await waitForText(page, 'The session ends before it starts: the end must be after the start.');
    await chooseTime(page, 'Thursday session 2 end', '16:00');
    await page.waitForFunction(() => !document.body.innerText.includes('The session ends before it starts'));
    await chooseTime(page, 'Slot length', '20 minutes');
    await auditScreen(page);
    await clickButton(page, 'Save hours');
    await waitForText(page, 'Hours saved!');
    await waitForText(page, 'These hours apply since');

    const hours = await call<{ custom: boolean; slot_minutes: number; sessions: { weekday: number; start: string; end: string }[] }>('GET', `doctors/${doctor.doctorId}/hours`, doctor.token);
    expect(hours.body).toMatchObject({ custom: true, slot_minutes: 20 });
    expect(hours.body.sessions).toEqual([
      ...[1, 2, 3, 4].map((weekday) => ({ weekday, start: '09:00', end: '13:00' })),
      { weekday: 4, start: '14:00', end: '16:00' },
      { weekday: 5, start: '09:00', end: '13:00' },
    ]);
    await closePage(page);
  });

  it('the doctor takes leave over a booked visit: sees it first, confirms, and the visit needs a new time', async () => {
    const page = await newPage(browser, 390, 844);
    await signIn(page, doctor);
    await page.goto(`${BASE_URL}/dashboard/doctor/hours`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'No leave planned.');
    await typeDate(page, 'First day away', visit.date);
    await typeDate(page, 'Last day away', leaveEnd());
    await page.type('textarea[aria-label="Reason (optional)"]', 'Dermatology conference, Kisumu');
    await auditScreen(page);
    await clickButton(page, 'Add leave');

    await waitForText(page, '1 booked visit falls in this leave');
    await waitForText(page, `${patient.firstname} ${patient.lastname}`);
    await waitForText(page, visit.time_slot);
    await auditScreen(page);
    // Nothing saved yet
    expect((await call<unknown[]>('GET', `doctors/${doctor.doctorId}/leave`, doctor.token)).body).toEqual([]);
    await clickButton(page, 'Save leave and notify patients');
    await waitForText(page, 'Leave saved! 1 patient will be asked to pick a new time.');
    await waitForText(page, 'Dermatology conference, Kisumu');

    const leave = await call<{ from: string; to: string; reason: string }[]>('GET', `doctors/${doctor.doctorId}/leave`, doctor.token);
    expect(leave.body).toEqual([expect.objectContaining({ from: visit.date, to: leaveEnd(), reason: 'Dermatology conference, Kisumu' })]);
    const waiting = await call<{ appointment_id: number; cause: string }[]>('GET', 'admin/needs-new-time', adminToken);
    expect(waiting.body).toContainEqual(expect.objectContaining({ appointment_id: visit.appointment_id, cause: 'leave' }));
    // The visit keeps its status: it is not cancelled
    const mine = await call<{ appointment_id: number; appointment_status: string }[]>('GET', 'appointments', patient.token);
    expect(mine.body.find((a) => a.appointment_id === visit.appointment_id)?.appointment_status).toBe('Pending');
    await closePage(page);
  });

  it('the patient follows the link to My Appointments: the visit says it needs a new time, and Pick a new time moves it', async () => {
    const page = await newPage(browser, 390, 844);
    await signIn(page, patient);
    // the SMS and the email link to /dashboard/appointments
    await page.goto(`${BASE_URL}/dashboard/appointments`, { waitUntil: 'networkidle0' });
    const notice = await page.waitForSelector(`[data-testid="needs-new-time-${visit.appointment_id}"]`, { visible: true });
    const said = await notice!.evaluate((el) => (el as HTMLElement).innerText);
    expect(said).toContain('This visit needs a new time');
    expect(said).toContain('Your doctor is away on this day.');
    expect(said).not.toContain('Kisumu'); // the leave's reason is the staff's
    await auditScreen(page);
    const pick = await page.waitForSelector(`[data-testid="pick-new-time-${visit.appointment_id}"]`, { visible: true });
    await waitForOverlaysToSettle(page);
    await pick!.click();
    await waitForText(page, 'Reschedule appointment');
    await waitForOverlaysToSettle(page);
    // the first weekday after the leave, at one of the doctor's own 20-minute slots
    const day = afterLeave();
    await pickDate(page, '.ant-modal input[aria-label="Appointment date"]', day);
    const slot = await page.waitForSelector('.ant-modal [data-slot="09:20 AM"]:not([disabled])', { visible: true });
    await slot!.click();
    await clickButton(page, 'Move appointment');
    await waitForText(page, 'Appointment rescheduled.');
    await page.waitForFunction((id) => !document.querySelector(`[data-testid="needs-new-time-${id}"]`), {}, visit.appointment_id);
    await auditScreen(page);

    const after = await call<{ appointment: { appointment_date: string; time_slot: string; appointment_status: string; needs_new_time: unknown } }>('GET', `appointments/${visit.appointment_id}`, patient.token);
    expect(after.body.appointment).toMatchObject({ appointment_date: day, time_slot: '09:20 AM', appointment_status: 'Pending', needs_new_time: null });
    const waiting = await call<{ appointment_id: number }[]>('GET', 'admin/needs-new-time', adminToken);
    expect(waiting.body.map((v) => v.appointment_id)).not.toContain(visit.appointment_id);
    await closePage(page);
  });

  it('the admin closes the clinic for a day on the Clinic calendar, and sees each doctor\'s hours', async () => {
    // a second visit waits for a new time (a one-day leave over it), for the admin's Move to a colleague
    const day = afterLeave();
    const second = await call<{ appointment: { appointment_id: number } }>('POST', 'appointments', patient.token, {
      doctor_id: doctor.doctorId,
      appointment_date: day,
      time_slot: '11:00 AM',
      appointment_type: 'Consultation',
      notes: 'Follow-up on the skin rash.',
    });
    if (second.status !== 201) throw new Error(`second booking: ${second.status} ${second.text}`);
    const away = await call('POST', `doctors/${doctor.doctorId}/leave`, adminToken, { from: day, to: day, confirm: true });
    expect(away.status).toBe(201);
    const page = await newPage(browser);
    await signIn(page, DEMO.admin);
    await openFromMenu(page, 'Clinic calendar', '/dashboard/admin/calendar');
    await waitForText(page, "Kenya's public holidays");
    // the new doctor's hours, read-only: Thursday's two sessions at 20-minute slots
    const hours = await page.waitForSelector(`[data-testid="doctor-hours-${doctor.doctorId}"]`, { visible: true });
    const listed = await hours!.evaluate((el) => (el as HTMLElement).innerText);
    expect(listed).toContain('Dr. Wairimu Kamau');
    expect(listed).toMatch(/Thursday\s+09:00–13:00, 14:00–16:00/);
    expect(listed).toContain('20-minute slots, from');
    await auditScreen(page);

    // Move to a colleague: the dialog offers the approved dermatologists (the demo's), nothing is moved on Go back
    const move = await page.waitForSelector(`[data-testid="move-${second.body.appointment.appointment_id}"]`, { visible: true });
    await move!.evaluate((el) => (el as HTMLElement).click());
    await waitForText(page, 'Choose a colleague in Dermatology');
    await auditScreen(page);
    await clickButton(page, 'Go back');
    await page.waitForFunction(() => !document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal'));

    await typeDate(page, 'Closure date', closure.date);
    await page.type('input[aria-label="Closure name"]', closure.name);
    await clickButton(page, 'Add closure');
    await waitForText(page, `Closure saved: ${closure.name}.`);
    await page.waitForSelector(`::-p-xpath(//td[normalize-space(.)=${JSON.stringify(closure.name)}])`);
    await auditScreen(page);

    const closures = await call<{ date: string; name: string }[]>('GET', 'admin/closures', adminToken);
    expect(closures.body).toContainEqual(expect.objectContaining({ date: closure.date, name: closure.name }));
    await closePage(page);
  });
});

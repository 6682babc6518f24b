import http from 'node:http';
import nodemailer from 'nodemailer';
import { type MailInbox, type Sandboxes, startMailInbox, startSandboxes } from './index';
import { smsParts } from './africastalking-sandbox';

// The Africa's Talking sandbox answers like their SMS API (POST /version1/messaging, apiKey header, form fields,
// the SMSMessageData reply) and posts delivery reports as a form to the callback URL; the mail inbox is a real
// SMTP server whose API lists what arrived.

let sandboxes: Sandboxes;
// This run's credentials (random per run), read once the sandboxes have started.
let c: Sandboxes['credentials'];
let hook: http.Server;
const reports: Record<string, string>[] = [];

beforeAll(async () => {
  hook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      reports.push(Object.fromEntries(new URLSearchParams(body)));
      res.end('');
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  sandboxes = await startSandboxes({ gatewayUrl: 'http://127.0.0.1:1', smsReportDelayMs: 20 });
  c = sandboxes.credentials;
  sandboxes.sms.setDeliveryReportUrl(`http://127.0.0.1:${(hook.address() as { port: number }).port}/reports`);
});

afterAll(async () => {
  await sandboxes?.close();
  await new Promise((resolve) => hook.close(resolve));
});

const sendSms = (form: Record<string, string>, apiKey: string = c.africasTalkingApiKey) =>
  fetch(`${sandboxes.sms.url}/version1/messaging`, {
    method: 'POST',
    headers: { apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
};

describe("Africa's Talking SMS sandbox", () => {
  it('refuses a wrong apiKey or username with 401, and a message without text or recipients with 400', async () => {
    const wrongKey = await sendSms({ username: c.africasTalkingUsername, to: '+254712345678', message: 'hi' }, 'nope');
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.text()).toBe('The supplied authentication is invalid');
    expect((await sendSms({ username: 'someone', to: '+254712345678', message: 'hi' })).status).toBe(401);
    expect((await sendSms({ username: c.africasTalkingUsername, to: '+254712345678', message: '' })).status).toBe(400);
    expect((await sendSms({ username: c.africasTalkingUsername, to: '', message: 'hi' })).status).toBe(400);
  });

  it('sends: 201 with SMSMessageData per recipient, an invalid number refused with 403, then a Success delivery report', async () => {
    const before = sandboxes.sms.messages.length;
    const res = await sendSms({ username: c.africasTalkingUsername, to: '+254712345678,0712345678', message: 'Reminder: Dr Wanjiku tomorrow 09:00', from: 'AFYA' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { SMSMessageData: { Message: string; Recipients: Record<string, unknown>[] } };
    expect(body.SMSMessageData.Message).toBe('Sent to 1/2 Total Cost: KES 0.8000');
    expect(body.SMSMessageData.Recipients).toEqual([
      { statusCode: 101, number: '+254712345678', status: 'Success', cost: 'KES 0.8000', messageId: expect.stringMatching(/^ATXid_/) },
      { statusCode: 403, number: '0712345678', status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' },
    ]);
    expect(sandboxes.sms.messages.slice(before)).toEqual([expect.objectContaining({ to: '+254712345678', from: 'AFYA', message: 'Reminder: Dr Wanjiku tomorrow 09:00' })]);
    const id = body.SMSMessageData.Recipients[0].messageId;
    await until(() => reports.some((r) => r.id === id));
    expect(reports.find((r) => r.id === id)).toEqual({ id, status: 'Success', phoneNumber: '+254712345678', networkCode: '63902', retryCount: '0' });
  });

  it('a number ending 0000 is accepted, then reported Failed as unreachable (AbsentSubscriber)', async () => {
    const res = await sendSms({ username: c.africasTalkingUsername, to: '+254712340000', message: 'hi' });
    const id = ((await res.json()) as { SMSMessageData: { Recipients: { messageId: string }[] } }).SMSMessageData.Recipients[0].messageId;
    await until(() => reports.some((r) => r.id === id));
    expect(reports.find((r) => r.id === id)).toMatchObject({ status: 'Failed', failureReason: 'AbsentSubscriber' });
    expect(sandboxes.sms.messages.find((m) => m.messageId === id)).toMatchObject({ status: 'Failed', failureReason: 'AbsentSubscriber' });
  });

  it('during an outage every send answers 500 and nothing is recorded', async () => {
    const before = sandboxes.sms.messages.length;
    sandboxes.sms.state.outage = true;
    try {
      expect((await sendSms({ username: c.africasTalkingUsername, to: '+254712345678', message: 'hi' })).status).toBe(500);
    } finally {
      sandboxes.sms.state.outage = false;
    }
    expect(sandboxes.sms.messages.length).toBe(before);
  });

  it('counts SMS parts as GSM-7 (160, then 153 a part; extension characters twice) or UCS-2 (70)', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts(`${'a'.repeat(159)}€`)).toBe(2);
    expect(smsParts('Habari 😀')).toBe(1);
    expect(smsParts('😀'.repeat(71))).toBe(2);
  });
});

describe('mail inbox (MailDev)', () => {
  let inbox: MailInbox;
  beforeAll(async () => {
    inbox = await startMailInbox();
  });
  afterAll(() => inbox?.close());

  it('receives mail over SMTP and lists it, attachments included, through its API', async () => {
    await nodemailer.createTransport(inbox.smtpUrl).sendMail({
      from: 'Afya <no-reply@afya.test>',
      to: 'patient@afya.test',
      subject: 'Appointment confirmed',
      text: 'See you',
      html: '<p>See you</p>',
      attachments: [{ filename: 'appointment.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar' }],
    });
    const [email] = await inbox.emails();
    expect(email).toMatchObject({ subject: 'Appointment confirmed', to: [{ address: 'patient@afya.test' }], text: expect.stringContaining('See you') });
    expect(email.attachments).toEqual([expect.objectContaining({ filename: 'appointment.ics', contentType: 'text/calendar' })]);
    await inbox.clear();
    expect(await inbox.emails()).toEqual([]);
  });
});

#!/usr/bin/env node
'use strict';
// Issue 24's figure: 10,000 reminders due in the same minute, each by SMS and by email (20,000 messages), are all
// handed to the providers (the Africa's Talking sandbox answered Success, MailDev accepted the SMTP message)
// within 2 minutes. Seeds the support service's schema directly: 10,000 patients in its user directory (a phone and
// an email each), 10,000 Confirmed visits, and 20,000 reminder jobs in its pg-boss queue, all due at one instant a
// few seconds ahead. The running sender takes them from there. The clock runs from that instant until the last
// delivery row says `sent` (written right after the provider's acceptance); the sandboxes' own counts are checked
// at the end.
// Run inside `npm run bench` (run.js, section `reminders`), or alone against a running platform:
//   BENCH_URL=http://localhost:3210 DATABASE_URL=postgres://… node infra/bench/reminders.bench.js
const { Client } = require('pg');
const PgBoss = require('pg-boss');

const log = (line) => process.stderr.write(`[reminders bench] ${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const REMINDERS = Number(process.env.BENCH_REMINDERS || 10_000);
const TARGET_MS = 120_000;
/** Bench users live far above the platform's own ids. */
const FIRST_USER = 900_000_000;
const SEND_QUEUE = 'communications-send';

function schemaName() {
  return process.env.SUPPORT_DB_SCHEMA || 'support';
}

/** A Kenyan mobile per index (+2547…), never one ending 0000 (the sandbox reports those unreachable). */
function phoneOf(i) {
  const n = 10_000_000 + i * 7 + 1;
  return `+2547${String(n).padStart(8, '0').slice(-8)}`.replace(/0000$/, '0001');
}

/** Clinic (Nairobi) date `days` ahead. */
function clinicDate(days) {
  return new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function seed(databaseUrl, dueAt) {
  const schema = schemaName();
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const date = clinicDate(2);
  const plannedStart = new Date(`${date}T06:00:00.000Z`).toISOString(); // 09:00 AM in Nairobi
  try {
    await client.query(`SET search_path TO "${schema}"`);
    await client.query(`DELETE FROM deliveries WHERE user_id >= $1`, [FIRST_USER]);
    await client.query(`DELETE FROM message_appointments WHERE user_id >= $1`, [FIRST_USER]);
    await client.query(`DELETE FROM user_directory WHERE user_id >= $1`, [FIRST_USER]);
    await client.query(`DELETE FROM notification_preferences WHERE user_id >= $1`, [FIRST_USER]);
    const ids = Array.from({ length: REMINDERS }, (_, i) => FIRST_USER + i);
    await client.query(
      `INSERT INTO user_directory (user_id, firstname, lastname, email, role, contact_phone, status)
       SELECT id, 'Bench', 'Patient ' || (id - $2), 'bench.' || (id - $2) || '@example.test', 'user', phone, 'active'
         FROM unnest($1::int[], $3::text[]) AS t(id, phone)`,
      [ids, FIRST_USER, ids.map((_, i) => phoneOf(i))],
    );
    await client.query(
      `INSERT INTO message_appointments (appointment_id, user_id, doctor_user_id, doctor_name, patient_name, appointment_type, appointment_date, time_slot, status)
       SELECT id, id, 1, 'Grace Wanjiku', 'Bench Patient', 'Consultation', $2::date, '09:00 AM', 'Confirmed' FROM unnest($1::int[]) AS id`,
      [ids, date],
    );
  } finally {
    await client.end();
  }
  // The jobs through pg-boss's own bulk insert (its table layout is its business), due at one instant.
  const boss = new PgBoss({ connectionString: databaseUrl, schema, migrate: false, supervise: false, schedule: false, max: 2 });
  boss.on('error', (error) => log(`pg-boss: ${error.message}`));
  await boss.start();
  try {
    for (let from = 0; from < REMINDERS; from += 2_500) {
      const jobs = [];
      for (let i = from; i < Math.min(REMINDERS, from + 2_500); i++) {
        for (const channel of ['sms', 'email']) {
          jobs.push({
            name: SEND_QUEUE,
            startAfter: dueAt.toISOString(),
            data: { kind: 'reminder-24h', channel, user_id: FIRST_USER + i, appointment_id: FIRST_USER + i, due_at: dueAt.toISOString(), planned_start: plannedStart },
          });
        }
      }
      await boss.insert(jobs);
    }
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

async function progress(databaseUrl) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SET search_path TO "${schemaName()}"`);
    const { rows } = await client.query(
      `SELECT count(*) FILTER (WHERE status IN ('sent', 'delivered'))::int AS sent,
              count(*) FILTER (WHERE status IN ('failed', 'skipped'))::int AS refused,
              count(*) FILTER (WHERE status = 'retrying')::int AS retrying,
              max(sent_at) AS last_sent
         FROM deliveries WHERE user_id >= $1 AND kind = 'reminder-24h'`,
      [FIRST_USER],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/**
 * @param {{ databaseUrl: string, smsUrl?: string | null, mailUrl?: string | null }} options
 */
async function runReminderBench({ databaseUrl, smsUrl = null, mailUrl = null }) {
  const total = REMINDERS * 2;
  const smsBefore = smsUrl ? (await (await fetch(`${smsUrl}/messages`)).json()).length : null;
  const dueAt = new Date(Date.now() + 15_000); // the seed takes a few seconds; all due at this one instant
  log(`seeding ${REMINDERS} reminders (${total} messages), due at ${dueAt.toISOString()}`);
  await seed(databaseUrl, dueAt);
  log(`seeded; waiting for the sender`);
  const deadline = dueAt.getTime() + 10 * 60_000;
  let state = await progress(databaseUrl);
  let lastLog = 0;
  while (state.sent + state.refused < total && Date.now() < deadline) {
    await sleep(1000);
    state = await progress(databaseUrl);
    if (Date.now() - lastLog > 10_000) {
      log(`${state.sent} sent, ${state.refused} refused, ${state.retrying} retrying, ${Math.round((Date.now() - dueAt.getTime()) / 1000)} s after due`);
      lastLog = Date.now();
    }
  }
  const allSent = state.sent === total;
  const elapsedMs = state.last_sent ? new Date(state.last_sent).getTime() - dueAt.getTime() : null;
  const smsCount = smsUrl ? (await (await fetch(`${smsUrl}/messages`)).json()).length - smsBefore : null;
  const mailCount = mailUrl ? (await (await fetch(`${mailUrl}/api/email`)).json()).filter((e) => /^bench\.\d+@example\.test$/.test(e.to?.[0]?.address ?? '')).length : null;
  const seconds = elapsedMs === null ? 'n/a' : (elapsedMs / 1000).toFixed(1);
  const rate = elapsedMs ? Math.round(state.sent / (elapsedMs / 1000)) : 'n/a';
  const verdict = allSent && elapsedMs !== null && elapsedMs <= TARGET_MS ? 'within' : 'NOT within';
  const markdown = [
    `## Reminders: ${REMINDERS.toLocaleString('en')} due in the same minute (SMS and email each)`,
    '',
    '| messages | handed to the providers | refused | time from due to the last one | messages/s | target |',
    '|---|---|---|---|---|---|',
    `| ${total.toLocaleString('en')} | ${state.sent.toLocaleString('en')} | ${state.refused} | ${seconds} s | ${rate} | ${verdict} 2 minutes |`,
    '',
    `Counted by the providers' sandboxes: ${smsCount ?? 'n/a'} SMS at the Africa's Talking sandbox, ${mailCount ?? 'n/a'} emails in MailDev.`,
  ].join('\n');
  return { markdown, elapsedMs, sent: state.sent, total };
}

module.exports = { runReminderBench };

if (require.main === module) {
  runReminderBench({ databaseUrl: process.env.DATABASE_URL, smsUrl: process.env.BENCH_SMS_URL || null, mailUrl: process.env.BENCH_MAIL_URL || null })
    .then(({ markdown }) => process.stdout.write(`${markdown}\n`))
    .catch((error) => {
      process.stderr.write(`${error.stack}\n`);
      process.exit(1);
    });
}

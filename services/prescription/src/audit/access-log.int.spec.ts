import { randomUUID } from 'node:crypto';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { JSONCodec } from 'nats';
import { DataSource } from 'typeorm';
import type { AuditAccessBatchData } from '@afya/appointment-service/contracts';
import { connectNats, DomainEvent, requireEventStream, eventSubject } from '@afya/service-shared';
import { eventually, testInfrastructure, TestInfrastructure } from '@afya/service-shared/testing';
import { PrescriptionModule } from '../prescription.module';
import { applyAppointmentAudit } from '../directory/read-models';

jest.setTimeout(60_000);

/**
 * The durable access log against real PostgreSQL and NATS: fed from the appointment service's audit stream through the
 * service's durable consumer, idempotent under redelivery and replay, and append-only in the database itself.
 */
describe('access log: fed from the audit stream, idempotent, append-only', () => {
  let infra: TestInfrastructure;
  let app: INestApplicationContext;
  let db: DataSource;

  /** A second patient in each batch: OTHER + the first's id. */
  const OTHER = 50_000;
  const batch = (patient: number): DomainEvent<AuditAccessBatchData> => ({
    id: randomUUID(),
    type: 'appointment.audit.access-batch.v1',
    occurredAt: new Date().toISOString(),
    data: {
      accesses: [
        {
          service: 'appointment',
          actor_user_id: 501,
          actor_role: 'doctor',
          action: 'read',
          resource: 'appointment',
          patient_user_id: null,
          appointment_id: null,
          records: [
            { patient_user_id: patient, appointment_id: 11 },
            { patient_user_id: OTHER + patient, appointment_id: 13 },
            { patient_user_id: patient, appointment_id: 12 },
          ],
          fields: ['diagnosis'],
          outcome: 'success',
          at: new Date().toISOString(),
        },
      ],
    },
  });
  const rowsFor = async (patient: number) =>
    (await db.query(`SELECT count(*)::int AS n FROM audit_log WHERE patient_user_id = $1`, [patient]))[0].n as number;

  beforeAll(async () => {
    infra = await testInfrastructure();
    app = await NestFactory.createApplicationContext(PrescriptionModule, { logger: ['error'] });
    await app.init();
    db = app.get<DataSource>(getDataSourceToken());
  });

  afterAll(async () => {
    await app?.close();
    await infra?.cleanup();
  });

  it('stores one row per patient of each access, naming their records, once, even when JetStream delivers the event twice', async () => {
    const event = batch(9001);
    const nc = await connectNats('access-log-spec');
    try {
      await requireEventStream(nc);
      const codec = JSONCodec<DomainEvent<AuditAccessBatchData>>();
      // Two publishes of one event (different message ids, so JetStream keeps both): a redelivery.
      await nc.jetstream().publish(eventSubject(event.type), codec.encode(event), { msgID: `${event.id}-1` });
      await nc.jetstream().publish(eventSubject(event.type), codec.encode(event), { msgID: `${event.id}-2` });
      await eventually(async () => expect(await rowsFor(9001)).toBe(1), 15000);
      // Both messages are consumed (a later event lands), and still two rows.
      const later = batch(9002);
      await nc.jetstream().publish(eventSubject(later.type), codec.encode(later), { msgID: later.id });
      await eventually(async () => expect(await rowsFor(9002)).toBe(1), 15000);
      expect(await rowsFor(9001)).toBe(1);
      expect(await rowsFor(OTHER + 9001)).toBe(1);
    } finally {
      await nc.close();
    }
    const rows = await db.query(
      `SELECT patient_user_id, action, record_label, actor_role, source FROM audit_log WHERE patient_user_id IN (9001, $1) ORDER BY patient_user_id`,
      [OTHER + 9001],
    );
    expect(rows).toEqual([
      { patient_user_id: 9001, action: 'viewed', record_label: 'Appointments #11, #12', actor_role: 'doctor', source: 'appointment' },
      { patient_user_id: OTHER + 9001, action: 'viewed', record_label: 'Appointment #13', actor_role: 'doctor', source: 'appointment' },
    ]);
  });

  it('a replay of the stream past the consumer (same event applied again) adds nothing', async () => {
    const event = batch(9003);
    await applyAppointmentAudit(db.manager, event.id, event.data.accesses);
    await applyAppointmentAudit(db.manager, event.id, event.data.accesses);
    expect(await rowsFor(9003)).toBe(1);
    expect(await rowsFor(OTHER + 9003)).toBe(1);
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
    await expect(db.query(`UPDATE audit_log SET outcome = 'x' WHERE patient_user_id = 9003`)).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM audit_log WHERE patient_user_id = 9003`)).rejects.toThrow(/append-only/);
    await expect(db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    expect(await rowsFor(9003)).toBe(1);
  });
});

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Support and communications: the outbound messages (SMS and email) the platform sends, what they need to know,
 * and their delivery log. The job queue's own tables (pg-boss) are installed beside them by migrate.ts.
 */
export class Communications1764900000400 implements MigrationInterface {
  name = 'Communications1764900000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    // auth's user status (a suspended user gets no message); null until the user's next event
    await queryRunner.query(`ALTER TABLE user_directory ADD COLUMN status text NULL`);
    await queryRunner.query(`
      CREATE TABLE notification_preferences (
        user_id integer PRIMARY KEY,
        sms boolean NOT NULL DEFAULT true,
        email boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The appointments messages are about, from appointment's events (the time a reminder was planned for is
    // compared with the time now: a moved visit's old reminders send nothing).
    await queryRunner.query(`
      CREATE TABLE message_appointments (
        appointment_id integer PRIMARY KEY,
        user_id integer NOT NULL,
        doctor_user_id integer NOT NULL,
        doctor_name text NOT NULL,
        patient_name text NOT NULL,
        appointment_type text NOT NULL,
        appointment_date date NOT NULL,
        time_slot text NOT NULL,
        status text NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        -- the calendar event's SEQUENCE: one more for each move or cancellation
        sequence integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The jobs queued for an appointment (pg-boss ids), so a cancellation or a move withdraws them.
    await queryRunner.query(`
      CREATE TABLE message_jobs (
        job_id uuid PRIMARY KEY,
        appointment_id integer NOT NULL,
        kind text NOT NULL,
        channel text NOT NULL CHECK (channel IN ('sms', 'email')),
        run_at timestamptz NOT NULL,
        withdrawn boolean NOT NULL DEFAULT false
      )`);
    await queryRunner.query(`CREATE INDEX message_jobs_appointment_idx ON message_jobs (appointment_id) WHERE NOT withdrawn`);
    // The delivery log: one row per job (its id), never the body (messages can be clinical).
    await queryRunner.query(`
      CREATE TABLE deliveries (
        delivery_id bigserial PRIMARY KEY,
        job_id uuid NOT NULL UNIQUE,
        user_id integer NOT NULL,
        appointment_id integer NULL,
        kind text NOT NULL,
        channel text NOT NULL CHECK (channel IN ('sms', 'email')),
        -- masked: +254712***78, ja***@example.com
        recipient text NULL,
        status text NOT NULL CHECK (status IN ('sending', 'sent', 'delivered', 'retrying', 'failed', 'skipped')),
        reason text NULL,
        provider_message_id text NULL,
        provider_status text NULL,
        attempts integer NOT NULL DEFAULT 0,
        due_at timestamptz NOT NULL,
        sent_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX deliveries_created_idx ON deliveries (created_at DESC, delivery_id DESC)`);
    await queryRunner.query(`CREATE INDEX deliveries_user_idx ON deliveries (user_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX deliveries_provider_idx ON deliveries (provider_message_id) WHERE provider_message_id IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE deliveries`);
    await queryRunner.query(`DROP TABLE message_jobs`);
    await queryRunner.query(`DROP TABLE message_appointments`);
    await queryRunner.query(`DROP TABLE notification_preferences`);
    await queryRunner.query(`ALTER TABLE user_directory DROP COLUMN status`);
  }
}

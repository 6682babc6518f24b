import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reporting read models. Every row here is derived from other services' events (see
 * src/read-models/*.ts); src/rebuild.ts empties them and replays the event stream to rebuild them.
 * Only report_downloads (the audit of CSV downloads) is this service's own data and survives a rebuild.
 */
export class CreateReadModels1763700000600 implements MigrationInterface {
  name = 'CreateReadModels1763700000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rm_users (
        user_id integer PRIMARY KEY,
        firstname text NOT NULL DEFAULT '',
        lastname text NOT NULL DEFAULT '',
        email text NULL,
        role text NOT NULL,
        status text NOT NULL DEFAULT 'active',
        contact_phone text NULL,
        deleted boolean NOT NULL DEFAULT false,
        registered_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX rm_users_registered_idx ON rm_users (registered_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE rm_doctors (
        doctor_id integer PRIMARY KEY,
        user_id integer NOT NULL,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        specialization text NULL,
        approval_status text NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX rm_doctors_user_idx ON rm_doctors (user_id)`);
    await queryRunner.query(`
      CREATE TABLE rm_appointments (
        appointment_id integer PRIMARY KEY,
        user_id integer NOT NULL,
        doctor_id integer NOT NULL,
        doctor_user_id integer NULL,
        appointment_date date NOT NULL,
        time_slot text NOT NULL,
        appointment_type text NOT NULL,
        total_amount numeric(12, 2) NOT NULL DEFAULT 0,
        status text NOT NULL,
        paid boolean NOT NULL DEFAULT false,
        booked_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX rm_appointments_booked_idx ON rm_appointments (booked_at DESC)`);
    await queryRunner.query(`CREATE INDEX rm_appointments_date_idx ON rm_appointments (appointment_date, status)`);
    await queryRunner.query(`
      CREATE TABLE rm_payments (
        payment_id integer PRIMARY KEY,
        appointment_id integer NULL,
        patient_id integer NULL,
        doctor_id integer NULL,
        amount numeric(12, 2) NOT NULL DEFAULT 0,
        refunded_amount numeric(12, 2) NOT NULL DEFAULT 0,
        method text NULL,
        status text NOT NULL,
        provider_reference text NULL,
        disputed boolean NOT NULL DEFAULT false,
        dispute_reason text NULL,
        occurred_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX rm_payments_occurred_idx ON rm_payments (occurred_at DESC)`);
    await queryRunner.query(`CREATE INDEX rm_payments_disputed_idx ON rm_payments (payment_id) WHERE disputed`);
    await queryRunner.query(`
      CREATE TABLE rm_prescriptions (
        prescription_id integer PRIMARY KEY,
        appointment_id integer NULL,
        patient_id integer NULL,
        patient_name text NULL,
        doctor_id integer NULL,
        doctor_name text NULL,
        medicines jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX rm_prescriptions_created_idx ON rm_prescriptions (created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE rm_tickets (
        ticket_id integer PRIMARY KEY,
        user_id integer NULL,
        status text NOT NULL,
        priority text NULL,
        category text NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX rm_tickets_unresolved_idx ON rm_tickets (ticket_id) WHERE status NOT IN ('resolved', 'closed')`);
    // Daily roll-ups (Africa/Nairobi days): charts and totals read these few hundred rows, never the big tables.
    await queryRunner.query(`
      CREATE TABLE rm_daily (
        day date PRIMARY KEY,
        bookings integer NOT NULL DEFAULT 0,
        revenue numeric(14, 2) NOT NULL DEFAULT 0,
        new_users integer NOT NULL DEFAULT 0,
        new_doctors integer NOT NULL DEFAULT 0
      )`);
    // Current counts (appointments by status, users by role): one row per key, kept by the consumers.
    await queryRunner.query(`
      CREATE TABLE rm_counts (
        key text PRIMARY KEY,
        n bigint NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`
      CREATE TABLE report_downloads (
        id bigserial PRIMARY KEY,
        report text NOT NULL,
        actor_user_id integer NOT NULL,
        from_date date NULL,
        to_date date NULL,
        rows_sent bigint NULL,
        outcome text NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['report_downloads', 'rm_counts', 'rm_daily', 'rm_tickets', 'rm_prescriptions', 'rm_payments', 'rm_appointments', 'rm_doctors', 'rm_users']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}

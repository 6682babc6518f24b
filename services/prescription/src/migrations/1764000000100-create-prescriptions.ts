import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePrescriptions1764000000100 implements MigrationInterface {
  name = 'CreatePrescriptions1764000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Read model of auth's users (actor names in the access log, patient names).
    await queryRunner.query(`
      CREATE TABLE user_directory (
        user_id integer PRIMARY KEY,
        firstname text NOT NULL DEFAULT '',
        lastname text NOT NULL DEFAULT '',
        role text NOT NULL DEFAULT 'user',
        deleted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Read model of the appointment service's appointments (appointment.* events; refreshed by asking it on writes).
    await queryRunner.query(`
      CREATE TABLE appointments (
        appointment_id integer PRIMARY KEY,
        user_id integer NOT NULL,
        doctor_id integer NOT NULL,
        doctor_user_id integer NOT NULL,
        appointment_date date NOT NULL,
        time_slot text NOT NULL,
        appointment_type text NOT NULL,
        appointment_status text NOT NULL,
        diagnosis text NULL,
        treatment text NULL,
        notes text NULL,
        medications text NULL,
        patient_name text NULL,
        doctor_name text NULL,
        specialization text NULL,
        deleted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX appointments_patient ON appointments (user_id)`);
    await queryRunner.query(`CREATE INDEX appointments_doctor_patient ON appointments (doctor_user_id, user_id)`);

    await queryRunner.query(`
      CREATE TABLE prescriptions (
        prescription_id serial PRIMARY KEY,
        appointment_id integer NOT NULL,
        patient_id integer NOT NULL,
        doctor_id integer NOT NULL,
        doctor_user_id integer NOT NULL,
        medicines jsonb NOT NULL CHECK (jsonb_typeof(medicines) = 'array' AND jsonb_array_length(medicines) BETWEEN 1 AND 20),
        notes text NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz NULL,
        deleted_by integer NULL,
        delete_reason text NULL
      )`);
    // One prescription per appointment (a soft-deleted one frees the appointment again).
    await queryRunner.query(`CREATE UNIQUE INDEX prescriptions_one_per_appointment ON prescriptions (appointment_id) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX prescriptions_patient ON prescriptions (patient_id, issued_at DESC) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX prescriptions_doctor ON prescriptions (doctor_user_id, issued_at DESC) WHERE deleted_at IS NULL`);

    // Medical history records an admin removed (soft delete with a reason: the record itself is kept).
    await queryRunner.query(`
      CREATE TABLE medical_record_removals (
        record_id text PRIMARY KEY,
        patient_id integer NOT NULL,
        reason text NOT NULL,
        removed_by integer NOT NULL,
        removed_at timestamptz NOT NULL DEFAULT now()
      )`);

    // The durable access log (CONTRACT.md §10.6): append-only, kept for years.
    await queryRunner.query(`
      CREATE TABLE audit_log (
        audit_id bigserial PRIMARY KEY,
        event_key text NOT NULL UNIQUE,
        source text NOT NULL,
        actor_user_id integer NOT NULL,
        actor_role text NOT NULL,
        action text NOT NULL CHECK (action IN ('viewed', 'created', 'updated', 'deleted', 'downloaded')),
        resource text NOT NULL,
        record_label text NOT NULL,
        patient_user_id integer NULL,
        outcome text NOT NULL,
        fields text[] NOT NULL DEFAULT '{}',
        request_id text NULL,
        occurred_at timestamptz NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX audit_log_patient ON audit_log (patient_user_id, occurred_at DESC, audit_id DESC)`);
    // Append-only in the database itself: a trigger, because it binds every role, the table's owner and
    // superusers included (REVOKE does not bind the owner, and the services connect as the schema's owner).
    await queryRunner.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await queryRunner.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  }

  async down(): Promise<void> {
    throw new Error('The prescription schema holds medical records and an append-only audit log: it is not rolled back.');
  }
}

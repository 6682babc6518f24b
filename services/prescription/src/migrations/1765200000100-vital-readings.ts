import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 39, health monitoring: readings (blood pressure, glucose, weight, height, HbA1c) and the doctors' alerts from
 * critical ones. A reading is never deleted: a wrong one is marked entered_in_error (it leaves charts and stays in
 * the record), so the table refuses DELETE and TRUNCATE for every role, and an UPDATE may change only the status to
 * entered_in_error (who and when). New tables only: expand-only.
 */
export class VitalReadings1765200000100 implements MigrationInterface {
  name = 'VitalReadings1765200000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE vital_readings (
        reading_id serial PRIMARY KEY,
        patient_id integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('blood_pressure', 'glucose', 'weight', 'height', 'hba1c')),
        "values" jsonb NOT NULL CHECK (jsonb_typeof("values") = 'object'),
        unit text NOT NULL,
        context text NULL CHECK (context IN ('fasting', 'random', 'after_meal')),
        entered_value numeric NULL,
        entered_unit text NULL,
        level text NOT NULL CHECK (level IN ('normal', 'high', 'low', 'critical')),
        thresholds_version text NOT NULL,
        source text NOT NULL CHECK (source IN ('home', 'clinic')),
        status text NOT NULL CHECK (status IN ('preliminary', 'final', 'entered_in_error')),
        appointment_id integer NULL,
        recorded_by integer NOT NULL,
        recorded_by_role text NOT NULL,
        measured_at timestamptz NOT NULL,
        entered_at timestamptz NOT NULL DEFAULT now(),
        entered_in_error_at timestamptz NULL,
        entered_in_error_by integer NULL,
        CHECK ((source = 'clinic') = (appointment_id IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX vital_readings_patient ON vital_readings (patient_id, kind, measured_at)`);
    await queryRunner.query(`
      CREATE FUNCTION vital_readings_kept() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND NEW.status = 'entered_in_error'
           AND (to_jsonb(NEW) - 'status' - 'entered_in_error_at' - 'entered_in_error_by') = (to_jsonb(OLD) - 'status' - 'entered_in_error_at' - 'entered_in_error_by') THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'vital_readings are kept: % is not allowed (mark a reading entered_in_error instead)', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await queryRunner.query(`CREATE TRIGGER vital_readings_no_change BEFORE UPDATE OR DELETE ON vital_readings FOR EACH ROW EXECUTE FUNCTION vital_readings_kept()`);
    await queryRunner.query(`CREATE TRIGGER vital_readings_no_truncate BEFORE TRUNCATE ON vital_readings FOR EACH STATEMENT EXECUTE FUNCTION vital_readings_kept()`);

    // One alert per critical reading and doctor caring for the patient when it was recorded.
    await queryRunner.query(`
      CREATE TABLE vital_alerts (
        alert_id serial PRIMARY KEY,
        reading_id integer NOT NULL REFERENCES vital_readings (reading_id),
        patient_id integer NOT NULL,
        doctor_user_id integer NOT NULL,
        level text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        acknowledged_at timestamptz NULL,
        note text NULL,
        UNIQUE (reading_id, doctor_user_id)
      )`);
    await queryRunner.query(`CREATE INDEX vital_alerts_doctor ON vital_alerts (doctor_user_id, (acknowledged_at IS NOT NULL), created_at DESC)`);
  }

  async down(): Promise<void> {
    throw new Error('Vital readings are medical records and are never deleted: this migration is not rolled back.');
  }
}

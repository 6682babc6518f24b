import { MigrationInterface, QueryRunner } from 'typeorm';

// Frozen copy of the contract's slot lengths as they were when this migration was written.
const SLOT_LENGTHS = [15, 20, 30, 45, 60];

/**
 * A doctor's own hours, leave and the clinic's closures (issue 37, docs/decisions/0101-doctor-hours.md), and the
 * "needs a new time" record a leave or a closure puts beside a booked visit (never a new appointment_status).
 * Only new tables: a doctor without rows here is booked exactly as before. No column names who acted (a person's id
 * would be theirs to export: gateway/test/data-rights/export-coverage.int.spec.ts).
 */
export class DoctorHours1765100000100 implements MigrationInterface {
  name = 'DoctorHours1765100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One version of a doctor's week per valid_from; the version in effect on a date is the latest on or before it.
    await queryRunner.query(`
      CREATE TABLE doctor_hours (
        doctor_id integer NOT NULL REFERENCES doctors (doctor_id),
        valid_from date NOT NULL,
        slot_minutes smallint NOT NULL CHECK (slot_minutes IN (${SLOT_LENGTHS.join(', ')})),
        -- [{weekday 1-7, start 'HH:MM', end 'HH:MM'}], checked by the contract's hoursProblem before it is written
        sessions jsonb NOT NULL CHECK (jsonb_typeof(sessions) = 'array'),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (doctor_id, valid_from)
      )`);
    await queryRunner.query(`
      CREATE TABLE doctor_leave (
        leave_id serial PRIMARY KEY,
        doctor_id integer NOT NULL REFERENCES doctors (doctor_id),
        date_from date NOT NULL,
        date_to date NOT NULL,
        -- private to staff: the doctor and admins
        reason text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (date_to >= date_from)
      )`);
    await queryRunner.query(`CREATE INDEX doctor_leave_doctor_idx ON doctor_leave (doctor_id, date_to)`);
    await queryRunner.query(`
      CREATE TABLE clinic_closures (
        closure_id serial PRIMARY KEY,
        closure_date date NOT NULL UNIQUE,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // "Needs a new time": one open record per visit a confirmed leave or closure fell on; resolved when the visit moves
    // or is cancelled. The appointment's status is untouched.
    await queryRunner.query(`
      CREATE TABLE appointment_new_time_needed (
        appointment_id integer PRIMARY KEY REFERENCES appointments (appointment_id) ON DELETE CASCADE,
        cause text NOT NULL CHECK (cause IN ('leave', 'closure')),
        leave_id integer NULL REFERENCES doctor_leave (leave_id) ON DELETE SET NULL,
        closure_id integer NULL REFERENCES clinic_closures (closure_id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE appointment_new_time_needed`);
    await queryRunner.query(`DROP TABLE clinic_closures`);
    await queryRunner.query(`DROP TABLE doctor_leave`);
    await queryRunner.query(`DROP TABLE doctor_hours`);
  }
}

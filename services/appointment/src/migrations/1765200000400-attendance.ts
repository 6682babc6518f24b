import { MigrationInterface, QueryRunner } from 'typeorm';

// Frozen copy of the contract's outcomes as they were when this migration was written.
const OUTCOMES = ['attended', 'no_show', 'left_without_being_seen', 'late_cancellation'];

/**
 * Arrival, the day's queue and attendance (issue 40, docs/decisions/0120-attendance-beside-the-appointment.md): a
 * record beside the appointment, never a new appointment_status. Only new tables: a visit without a row here is exactly
 * what it was before (not checked in, no outcome).
 */
export class Attendance1765200000400 implements MigrationInterface {
  name = 'Attendance1765200000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per visit that was checked in or given an outcome. The queue's state is read from the instants
    // (arrived, called, seen, left), so a state and its time can never disagree.
    await queryRunner.query(`
      CREATE TABLE appointment_attendance (
        appointment_id integer PRIMARY KEY REFERENCES appointments (appointment_id) ON DELETE CASCADE,
        doctor_id integer NOT NULL REFERENCES doctors (doctor_id),
        -- the clinic date of the queue the number belongs to, and the number (1, 2, 3... per doctor and day)
        queue_date date NULL,
        queue_number integer NULL CHECK (queue_number > 0),
        arrived_at timestamptz NULL,
        -- who checked the patient in: the patient themself, the desk (an admin) or the doctor
        checked_in_by integer NULL,
        called_at timestamptz NULL,
        seen_at timestamptz NULL,
        left_at timestamptz NULL,
        outcome text NULL CHECK (outcome IN (${OUTCOMES.map((o) => `'${o}'`).join(', ')})),
        outcome_at timestamptz NULL,
        walk_in boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((queue_number IS NULL) = (arrived_at IS NULL) AND (queue_number IS NULL) = (queue_date IS NULL)),
        CHECK (seen_at IS NULL OR left_at IS NULL)
      )`);
    // A number is never given twice in a doctor's day, whatever races (the counter below hands them out).
    await queryRunner.query(
      `CREATE UNIQUE INDEX appointment_attendance_queue_uq ON appointment_attendance (doctor_id, queue_date, queue_number) WHERE queue_number IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX appointment_attendance_date_idx ON appointment_attendance (queue_date)`);
    // The last number given per doctor and day: an UPSERT increments it under the row's lock, so two check-ins
    // racing get 1 and 2, and a number is never reused (a visit that leaves the queue keeps its number).
    await queryRunner.query(`
      CREATE TABLE queue_counters (
        doctor_id integer NOT NULL REFERENCES doctors (doctor_id),
        queue_date date NOT NULL,
        last_number integer NOT NULL CHECK (last_number > 0),
        PRIMARY KEY (doctor_id, queue_date)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE queue_counters`);
    await queryRunner.query(`DROP TABLE appointment_attendance`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

// Frozen copies of the contract's lists as they were when this migration was written (a later change to
// the lists needs its own migration).
const SPECIALIZATIONS = ['Cardiology', 'Dermatology', 'Endocrinology', 'Gastroenterology', 'Neurology', 'Oncology', 'Orthopedics', 'Pediatrics', 'Psychiatry', 'Radiology', 'Surgery', 'Urology'];
const TIME_SLOTS = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM', '05:00 PM', '05:30 PM'];
const APPOINTMENT_TYPES = ['Regular Checkup', 'Follow-up', 'Consultation', 'Emergency', 'Vaccination', 'Lab Work'];
const APPOINTMENT_STATUSES = ['Pending', 'Confirmed', 'Completed', 'Cancelled'];

const list = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

export class CreateAppointments1763700000200 implements MigrationInterface {
  name = 'CreateAppointments1763700000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Read model fed by auth's user events: names for patient_full_name and the nested user.
    await queryRunner.query(`
      CREATE TABLE user_directory (
        user_id integer PRIMARY KEY,
        firstname text NOT NULL,
        lastname text NOT NULL,
        email text NULL,
        role text NOT NULL,
        status text NOT NULL DEFAULT 'active',
        contact_phone text NULL,
        deleted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE doctors (
        doctor_id serial PRIMARY KEY,
        user_id integer NOT NULL UNIQUE,
        first_name text NOT NULL,
        last_name text NOT NULL,
        specialization text NULL CHECK (specialization IN (${list(SPECIALIZATIONS)})),
        fee numeric(10, 2) NULL CHECK (fee >= 0),
        contact_phone text NULL,
        available_days text[] NOT NULL DEFAULT '{}',
        approval_status text NOT NULL DEFAULT 'pending' CHECK (approval_status IN ('pending', 'approved')),
        approved_at timestamptz NULL,
        approved_by integer NULL,
        -- false once the account is deleted, suspended or no longer a doctor: not listed, not bookable
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE appointments (
        appointment_id serial PRIMARY KEY,
        user_id integer NOT NULL,
        doctor_id integer NOT NULL REFERENCES doctors (doctor_id),
        appointment_date date NOT NULL,
        time_slot text NOT NULL CHECK (time_slot IN (${list(TIME_SLOTS)})),
        -- the slot's start instant (clinic time Africa/Nairobi), for the 24-hour rule and ordering
        starts_at timestamptz NOT NULL,
        appointment_type text NOT NULL CHECK (appointment_type IN (${list(APPOINTMENT_TYPES)})),
        total_amount numeric(10, 2) NOT NULL CHECK (total_amount >= 0),
        appointment_status text NOT NULL DEFAULT 'Pending' CHECK (appointment_status IN (${list(APPOINTMENT_STATUSES)})),
        paid boolean NOT NULL DEFAULT false,
        notes text NULL,
        duration integer NOT NULL DEFAULT 25 CHECK (duration > 0 AND duration <= 480),
        patient_full_name text NULL,
        diagnosis text NULL,
        treatment text NULL,
        medications text NULL,
        completed_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // CONTRACT.md §10.3: one active appointment per doctor and slot, under any concurrency.
    await queryRunner.query(`
      CREATE UNIQUE INDEX appointments_active_slot_uq ON appointments (doctor_id, appointment_date, time_slot)
      WHERE appointment_status <> 'Cancelled'`);
    await queryRunner.query(`CREATE INDEX appointments_user_date_idx ON appointments (user_id, appointment_date DESC, starts_at DESC)`);
    await queryRunner.query(`CREATE INDEX appointments_doctor_date_idx ON appointments (doctor_id, appointment_date DESC, starts_at DESC)`);
    await queryRunner.query(`CREATE INDEX appointments_created_idx ON appointments (created_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE appointment_ratings (
        rating_id serial PRIMARY KEY,
        appointment_id integer NOT NULL UNIQUE REFERENCES appointments (appointment_id) ON DELETE CASCADE,
        doctor_id integer NOT NULL REFERENCES doctors (doctor_id),
        user_id integer NOT NULL,
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        comment text NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX appointment_ratings_doctor_idx ON appointment_ratings (doctor_id)`);
    await queryRunner.query(`
      CREATE TABLE lab_results (
        lab_result_id serial PRIMARY KEY,
        doctor_id integer NOT NULL REFERENCES doctors (doctor_id),
        user_id integer NULL,
        appointment_id integer NULL REFERENCES appointments (appointment_id) ON DELETE SET NULL,
        test_name text NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        read_at timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX lab_results_doctor_idx ON lab_results (doctor_id, created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE lab_results`);
    await queryRunner.query(`DROP TABLE appointment_ratings`);
    await queryRunner.query(`DROP TABLE appointments`);
    await queryRunner.query(`DROP TABLE doctors`);
    await queryRunner.query(`DROP TABLE user_directory`);
  }
}

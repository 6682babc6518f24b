import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A doctor's own hours for one date, in place of the week's (issue 37, docs/decisions/0116-date-overrides.md). Only a
 * new table: a doctor without rows here is booked exactly as before. Slots take the weekly hours' length in effect
 * that date (else 30 minutes), so no length is stored.
 */
export class DateOverrides1765400000100 implements MigrationInterface {
  name = 'DateOverrides1765400000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE doctor_date_overrides (
        doctor_id integer NOT NULL REFERENCES doctors (doctor_id),
        override_date date NOT NULL,
        -- [{start 'HH:MM', end 'HH:MM'}], checked by the contract's overrideProblem before it is written; [] = no one seen
        sessions jsonb NOT NULL CHECK (jsonb_typeof(sessions) = 'array'),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (doctor_id, override_date)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE doctor_date_overrides`);
  }
}

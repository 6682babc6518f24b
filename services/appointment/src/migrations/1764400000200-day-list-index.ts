import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One day's appointments carry who they are for, when they were booked and their id: the admin search for a name on
 * one day reads that day's entries (a few thousand at 1,000,000 appointments) and tests each against the matched
 * people, from the index alone, instead of descending the patient index once per matched patient (a surname's 6,278
 * patients: ~4 ms a side). appointments_day_list_idx replaces appointments_date_status_idx (the same keys).
 * Expand-only: the index dropped is covered by its replacement.
 */
export class DayListIndex1764400000200 implements MigrationInterface {
  name = 'DayListIndex1764400000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX appointments_day_list_idx ON appointments (appointment_date, appointment_status) INCLUDE (user_id, doctor_id, created_at, appointment_id)`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS appointments_date_status_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX appointments_date_status_idx ON appointments (appointment_date, appointment_status)`);
    await queryRunner.query(`DROP INDEX appointments_day_list_idx`);
  }
}

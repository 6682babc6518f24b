import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin list's date filters (today, upcoming, past, a day) with or without a status: its total counts up to
 * 10,000 matches (listTotal), and without an index on the day that count scanned the table until it found them
 * (upcoming appointments sit at its end: ~130 ms at 1,000,000 rows, seconds under load). With (appointment_date,
 * appointment_status) it is an index-only range scan. Expand-only.
 */
export class AdminDateIndex1764200000300 implements MigrationInterface {
  name = 'AdminDateIndex1764200000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX appointments_date_status_idx ON appointments (appointment_date, appointment_status)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX appointments_date_status_idx`);
  }
}

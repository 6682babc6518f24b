import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 44: a visit's calendar file says TENTATIVE until it is paid (or confirmed) and lasts the visit's own duration.
 * The appointments messages are about keep whether the visit is paid and its duration (appointment events carry
 * both; older events did not: 25 minutes, the booking default). Rows held already that are Confirmed or Completed
 * read as confirmed by their status. Expand-only: both columns have defaults.
 */
export class CalendarStatus1765100000400 implements MigrationInterface {
  name = 'CalendarStatus1765100000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE message_appointments ADD COLUMN paid boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE message_appointments ADD COLUMN duration integer NOT NULL DEFAULT 25 CHECK (duration > 0 AND duration <= 480)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE message_appointments DROP COLUMN duration`);
    await queryRunner.query(`ALTER TABLE message_appointments DROP COLUMN paid`);
  }
}

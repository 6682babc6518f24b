import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A doctor's new weekly hours can leave booked visits without their slot (issue 37, decision 0105): such a visit
 * needs a new time as one a leave or a closure fell on, with the cause 'hours' (no leave or closure row to point to).
 * An expand step: the new check admits every cause the running release writes; added NOT VALID, then validated (no
 * long lock on the table).
 */
export class NewTimeForHours1765100000300 implements MigrationInterface {
  name = 'NewTimeForHours1765100000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE appointment_new_time_needed ADD CONSTRAINT appointment_new_time_needed_cause_any_check CHECK (cause IN ('leave', 'closure', 'hours')) NOT VALID`,
    );
    await queryRunner.query(`ALTER TABLE appointment_new_time_needed VALIDATE CONSTRAINT appointment_new_time_needed_cause_any_check`);
    await queryRunner.query(`ALTER TABLE appointment_new_time_needed DROP CONSTRAINT appointment_new_time_needed_cause_check`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Fails while a record has the cause 'hours': those visits must be moved (or the records resolved and removed) first.
    await queryRunner.query(`ALTER TABLE appointment_new_time_needed ADD CONSTRAINT appointment_new_time_needed_cause_check CHECK (cause IN ('leave', 'closure'))`);
    await queryRunner.query(`ALTER TABLE appointment_new_time_needed DROP CONSTRAINT appointment_new_time_needed_cause_any_check`);
  }
}

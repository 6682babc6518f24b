import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The care relationship (a doctor reads a patient's tickets only around a Confirmed or Completed visit) needs each
 * appointment's status and slot. Rows written before this migration have neither until their next event: until
 * then they give no access (the rule fails closed).
 */
export class AppointmentDirectoryCare1764500000400 implements MigrationInterface {
  name = 'AppointmentDirectoryCare1764500000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE appointment_directory ADD COLUMN appointment_status text NULL, ADD COLUMN time_slot text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE appointment_directory DROP COLUMN appointment_status, DROP COLUMN time_slot`);
  }
}

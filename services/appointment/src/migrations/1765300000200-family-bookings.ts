import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Family care (issue 36): an appointment a carer booked for a family member is the member's (`user_id`, who is seen);
 * these columns say who booked it, and as whom, as it was at booking time (the doctor's view shows "booked by Wanjiru
 * (mother)"). Nullable columns only, null for every booking made for oneself: an expand step, nothing existing changes.
 */
export class FamilyBookings1765300000200 implements MigrationInterface {
  name = 'FamilyBookings1765300000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE appointments ADD COLUMN booked_by_user_id integer NULL`);
    await queryRunner.query(`ALTER TABLE appointments ADD COLUMN booked_by_name text NULL`);
    await queryRunner.query(`ALTER TABLE appointments ADD COLUMN booked_by_relationship text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE appointments DROP COLUMN booked_by_relationship`);
    await queryRunner.query(`ALTER TABLE appointments DROP COLUMN booked_by_name`);
    await queryRunner.query(`ALTER TABLE appointments DROP COLUMN booked_by_user_id`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 44: the appointments read model keeps the instant each visit starts (`starts_at`, carried by appointment
 * events and the appointment service's answers), the start every rule of time counts from. The care relationship
 * and "the visit has started" read it; rows from events without it (recorded before) fall back to the clinic date and
 * slot in the queries. Nullable, filled here for the rows already held: expand-only.
 */
export class AppointmentStartsAt1765100000100 implements MigrationInterface {
  name = 'AppointmentStartsAt1765100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE appointments ADD COLUMN starts_at timestamptz NULL`);
    await queryRunner.query(
      `UPDATE appointments SET starts_at = (appointment_date + time_slot::time) AT TIME ZONE 'Africa/Nairobi'
        WHERE starts_at IS NULL AND time_slot ~ '^(0[1-9]|1[0-2]):[0-5][0-9] (AM|PM)$'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE appointments DROP COLUMN starts_at`);
  }
}

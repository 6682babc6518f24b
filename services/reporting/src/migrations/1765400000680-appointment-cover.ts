import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Insurance cover (issue 38): the appointments read model keeps a covered visit's payer, its split (the co-pay and the
 * payer's expected part) and the desk's check, for the revenue CSV's split of self-pay, co-pay and insurer-expected
 * amounts. Nullable: a self-pay visit has none.
 */
export class AppointmentCover1765400000680 implements MigrationInterface {
  name = 'AppointmentCover1765400000680';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE rm_appointments ADD COLUMN payer_code text NULL`);
    await queryRunner.query(`ALTER TABLE rm_appointments ADD COLUMN copay_amount numeric(12, 2) NULL`);
    await queryRunner.query(`ALTER TABLE rm_appointments ADD COLUMN cover_amount numeric(12, 2) NULL`);
    await queryRunner.query(`ALTER TABLE rm_appointments ADD COLUMN cover_check text NULL`);
    // The revenue CSV finds each visit's first charge (the co-pay) among its payments.
    await queryRunner.query(`CREATE INDEX rm_payments_appointment_idx ON rm_payments (appointment_id, payment_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX rm_payments_appointment_idx`);
    for (const column of ['cover_check', 'cover_amount', 'copay_amount', 'payer_code']) await queryRunner.query(`ALTER TABLE rm_appointments DROP COLUMN ${column}`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Insurance cover (issue 38): a covered visit may be paid in two charges, the co-pay at booking and, once the desk
 * rejects the cover, the rest of the fee. `charge_no` counts an appointment's completed charges (1 for every payment
 * so far, and for every self-pay visit); "one completed payment per appointment" becomes one per appointment and charge,
 * which still refuses a double payment of the same charge (card and M-Pesa at once).
 * A payment of a covered visit keeps, for its receipt, the payer, the member number masked (all but the last 4), what
 * the payer is expected to pay and the fee, as the appointment service said when the payment started.
 */
export class CoveredVisitCharges1765400000381 implements MigrationInterface {
  name = 'CoveredVisitCharges1765400000381';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE payments ADD COLUMN charge_no smallint NOT NULL DEFAULT 1`);
    await queryRunner.query(`CREATE UNIQUE INDEX payments_one_completed_charge_idx ON payments (appointment_id, charge_no) WHERE status = 'completed'`);
    await queryRunner.query(`DROP INDEX payments_one_completed_idx`);
    await queryRunner.query(`ALTER TABLE payments ADD COLUMN cover_payer text NULL`);
    await queryRunner.query(`ALTER TABLE payments ADD COLUMN cover_member_masked text NULL`);
    await queryRunner.query(`ALTER TABLE payments ADD COLUMN cover_amount numeric(12, 2) NULL`);
    await queryRunner.query(`ALTER TABLE payments ADD COLUMN visit_fee numeric(12, 2) NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['visit_fee', 'cover_amount', 'cover_member_masked', 'cover_payer']) await queryRunner.query(`ALTER TABLE payments DROP COLUMN ${column}`);
    await queryRunner.query(`CREATE UNIQUE INDEX payments_one_completed_idx ON payments (appointment_id) WHERE status = 'completed'`);
    await queryRunner.query(`DROP INDEX payments_one_completed_charge_idx`);
    await queryRunner.query(`ALTER TABLE payments DROP COLUMN charge_no`);
  }
}

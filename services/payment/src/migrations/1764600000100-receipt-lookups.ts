import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A receipt number looked up rather than claimed: a push settled by the STK query alone (its callback lost) has no
 * receipt number to check, so M-Pesa is asked which transaction the push was (Transaction Status by the push's
 * CheckoutRequestID). Such a check has no receipt until M-Pesa names one; one per payment at a time.
 */
export class ReceiptLookups1764600000100 implements MigrationInterface {
  name = 'ReceiptLookups1764600000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE mpesa_receipt_checks ALTER COLUMN receipt DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE mpesa_receipt_checks ADD COLUMN checkout_request_id text NULL`);
    await queryRunner.query(`ALTER TABLE mpesa_receipt_checks ADD CONSTRAINT mpesa_receipt_checks_names_one CHECK (receipt IS NOT NULL OR checkout_request_id IS NOT NULL)`);
    await queryRunner.query(`CREATE UNIQUE INDEX mpesa_receipt_checks_one_lookup ON mpesa_receipt_checks (payment_id) WHERE receipt IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM mpesa_receipt_checks WHERE receipt IS NULL`);
    await queryRunner.query(`DROP INDEX mpesa_receipt_checks_one_lookup`);
    await queryRunner.query(`ALTER TABLE mpesa_receipt_checks DROP CONSTRAINT mpesa_receipt_checks_names_one`);
    await queryRunner.query(`ALTER TABLE mpesa_receipt_checks DROP COLUMN checkout_request_id`);
    await queryRunner.query(`ALTER TABLE mpesa_receipt_checks ALTER COLUMN receipt SET NOT NULL`);
  }
}

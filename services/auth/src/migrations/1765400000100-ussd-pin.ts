import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The USSD PIN (issue 42) on the account it unlocks: its hash (argon2id, never the PIN), when it was set, the wrong
 * tries in a row and the lock they end in. No PIN: USSD refuses the account.
 */
export class UssdPin1765400000100 implements MigrationInterface {
  name = 'UssdPin1765400000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users
      ADD COLUMN ussd_pin_hash text,
      ADD COLUMN ussd_pin_set_at timestamptz,
      ADD COLUMN ussd_pin_failures integer NOT NULL DEFAULT 0,
      ADD COLUMN ussd_locked_until timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN ussd_pin_hash, DROP COLUMN ussd_pin_set_at, DROP COLUMN ussd_pin_failures, DROP COLUMN ussd_locked_until`);
  }
}

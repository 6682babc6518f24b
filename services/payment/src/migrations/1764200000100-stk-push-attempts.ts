import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every STK push we ask Daraja for, recorded before the request leaves (issue 22, item 3): the limits "one pending
 * push per appointment" and "3 pushes per phone number per 10 minutes" are checked and the attempt inserted in one
 * transaction under an advisory lock per phone number and per appointment, so parallel requests cannot both pass.
 */
export class StkPushAttempts1764200000100 implements MigrationInterface {
  name = 'StkPushAttempts1764200000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE stk_push_attempts (
        attempt_id bigserial PRIMARY KEY,
        appointment_id integer NOT NULL,
        phone text NOT NULL,
        -- sending: asked of Daraja, no answer yet; sent: a payments row exists; refused: Daraja did not accept it
        state text NOT NULL DEFAULT 'sending' CHECK (state IN ('sending', 'sent', 'refused')),
        payment_id integer NULL REFERENCES payments (payment_id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX stk_push_attempts_phone_idx ON stk_push_attempts (phone, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX stk_push_attempts_appointment_idx ON stk_push_attempts (appointment_id, created_at DESC)`);
    // Receipt numbers callbacks claimed, each asked of M-Pesa (Transaction Status): a payment shows one only once
    // M-Pesa has confirmed it belongs to this payment's phone and amount (issue 22, item 2).
    await queryRunner.query(`
      CREATE TABLE mpesa_receipt_checks (
        check_id bigserial PRIMARY KEY,
        payment_id integer NOT NULL REFERENCES payments (payment_id) ON DELETE CASCADE,
        receipt text NOT NULL,
        -- claimed: not asked yet (or asked again after a queue timeout); asked: waiting for M-Pesa's result
        state text NOT NULL DEFAULT 'claimed' CHECK (state IN ('claimed', 'asked', 'confirmed', 'refused')),
        originator_conversation_id text NULL UNIQUE,
        conversation_id text NULL UNIQUE,
        detail text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (payment_id, receipt)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE mpesa_receipt_checks`);
    await queryRunner.query(`DROP TABLE stk_push_attempts`);
  }
}

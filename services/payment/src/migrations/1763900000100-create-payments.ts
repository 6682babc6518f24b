import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePayments1763900000100 implements MigrationInterface {
  name = 'CreatePayments1763900000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    // One row per payment attempt (a Checkout Session or an STK push). Names and the slot are copied from the
    // appointment when the attempt starts, so history and receipts need no call to another service.
    await queryRunner.query(`
      CREATE TABLE payments (
        payment_id serial PRIMARY KEY,
        appointment_id integer NOT NULL,
        user_id integer NOT NULL,
        doctor_id integer NOT NULL,
        patient_name text NULL,
        doctor_first_name text NULL,
        doctor_last_name text NULL,
        appointment_date text NULL,
        time_slot text NULL,
        amount numeric(10, 2) NOT NULL CHECK (amount > 0),
        method text NOT NULL CHECK (method IN ('card', 'mpesa')),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('completed', 'pending', 'failed', 'refunded')),
        stripe_session_id text NULL UNIQUE,
        stripe_payment_intent text NULL UNIQUE,
        checkout_request_id text NULL UNIQUE,
        merchant_request_id text NULL,
        mpesa_receipt text NULL UNIQUE,
        phone text NULL,
        failure_reason text NULL,
        refund_reason text NULL,
        refund_reference text NULL,
        refunded_at timestamptz NULL,
        paid_at timestamptz NULL,
        callback_received_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((method = 'card') = (stripe_session_id IS NOT NULL)),
        CHECK ((method = 'mpesa') = (checkout_request_id IS NOT NULL))
      )`);
    // At most one completed payment per appointment: a second provider confirmation cannot pay twice.
    await queryRunner.query(`CREATE UNIQUE INDEX payments_one_completed_idx ON payments (appointment_id) WHERE status = 'completed'`);
    await queryRunner.query(`CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX payments_pending_mpesa_idx ON payments (created_at) WHERE status = 'pending' AND method = 'mpesa'`);
    // Provider events already applied (Stripe event ids, M-Pesa callbacks by CheckoutRequestID): a replay is a no-op.
    await queryRunner.query(`
      CREATE TABLE provider_events (
        provider text NOT NULL CHECK (provider IN ('stripe', 'mpesa')),
        event_id text NOT NULL,
        type text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, event_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE disputes (
        dispute_id serial PRIMARY KEY,
        payment_id integer NULL REFERENCES payments (payment_id) ON DELETE SET NULL,
        appointment_id integer NOT NULL,
        source text NOT NULL CHECK (source IN ('stripe', 'amount_mismatch', 'cancelled_appointment', 'other')),
        reason text NOT NULL,
        amount numeric(10, 2) NULL,
        provider_reference text NULL UNIQUE,
        resolved boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // What this service knows of appointments' status (from appointment events): a payment arriving for a
    // cancelled appointment is flagged, and a cancellation of a paid appointment may refund it.
    await queryRunner.query(`
      CREATE TABLE appointment_states (
        appointment_id integer PRIMARY KEY,
        status text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE appointment_states`);
    await queryRunner.query(`DROP TABLE disputes`);
    await queryRunner.query(`DROP TABLE provider_events`);
    await queryRunner.query(`DROP TABLE payments`);
  }
}

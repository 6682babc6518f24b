import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Insurance cover (issue 38; docs/decisions/0106): payers (SHA and the private insurers admins keep), patients' covers,
 * the payers each doctor accepts with the co-pay, and the cover a booking took, as it was then, with its check at the
 * desk (appointment_covers, beside the appointment: no column of appointments changes). New tables only.
 *
 * The payers every Kenyan patient asks about are put in once (admins add and retire others): SHA, which replaced NHIF
 * on 1 October 2024, and the largest private medical insurers.
 */
export class InsuranceCover1765400000380 implements MigrationInterface {
  name = 'InsuranceCover1765400000380';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE payers (
        payer_id serial PRIMARY KEY,
        code text NOT NULL,
        name text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('sha', 'private')),
        retired_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX payers_code_key ON payers (upper(code))`);
    await queryRunner.query(`
      INSERT INTO payers (code, name, kind) VALUES
        ('SHA', 'Social Health Authority (SHA)', 'sha'),
        ('AAR', 'AAR Insurance', 'private'),
        ('JUBILEE', 'Jubilee Health Insurance', 'private'),
        ('BRITAM', 'Britam', 'private'),
        ('CIC', 'CIC Insurance', 'private'),
        ('MADISON', 'Madison Insurance', 'private')`);
    await queryRunner.query(`
      CREATE TABLE patient_covers (
        cover_id serial PRIMARY KEY,
        user_id integer NOT NULL,
        payer_id integer NOT NULL REFERENCES payers (payer_id),
        member_number text NOT NULL,
        scheme text NULL,
        relationship text NOT NULL CHECK (relationship IN ('self', 'spouse', 'child', 'other')),
        principal_name text NULL,
        principal_member_number text NULL,
        valid_until date NULL,
        priority text NOT NULL CHECK (priority IN ('primary', 'top_up')),
        added_by integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX patient_covers_user_idx ON patient_covers (user_id)`);
    await queryRunner.query(`
      CREATE TABLE doctor_payers (
        doctor_id integer NOT NULL REFERENCES doctors (doctor_id),
        payer_id integer NOT NULL REFERENCES payers (payer_id),
        copay_kind text NOT NULL CHECK (copay_kind IN ('none', 'fixed', 'percent')),
        copay_value numeric(12, 2) NOT NULL DEFAULT 0 CHECK (copay_value >= 0),
        PRIMARY KEY (doctor_id, payer_id)
      )`);
    await queryRunner.query(`CREATE INDEX doctor_payers_payer_idx ON doctor_payers (payer_id)`);
    // The snapshot: every field copied, no foreign key to the cover (it may change or go; the visit keeps what it was).
    await queryRunner.query(`
      CREATE TABLE appointment_covers (
        appointment_id integer PRIMARY KEY REFERENCES appointments (appointment_id) ON DELETE CASCADE,
        cover_id integer NOT NULL,
        payer_id integer NOT NULL,
        payer_code text NOT NULL,
        payer_name text NOT NULL,
        payer_kind text NOT NULL,
        member_number text NOT NULL,
        scheme text NULL,
        relationship text NOT NULL,
        principal_name text NULL,
        principal_member_number text NULL,
        valid_until date NULL,
        priority text NOT NULL,
        fee numeric(12, 2) NOT NULL,
        copay_kind text NOT NULL,
        copay_value numeric(12, 2) NOT NULL,
        copay_amount numeric(12, 2) NOT NULL CHECK (copay_amount >= 0 AND copay_amount <= fee),
        cover_amount numeric(12, 2) NOT NULL,
        paid_amount numeric(12, 2) NOT NULL DEFAULT 0,
        check_status text NOT NULL DEFAULT 'pending' CHECK (check_status IN ('pending', 'verified', 'rejected', 'self_pay')),
        check_reason text NULL,
        checked_by integer NULL,
        checked_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Every mark at the desk, who and when (the snapshot row holds the latest).
    await queryRunner.query(`
      CREATE TABLE appointment_cover_checks (
        check_id serial PRIMARY KEY,
        appointment_id integer NOT NULL REFERENCES appointment_covers (appointment_id) ON DELETE CASCADE,
        result text NOT NULL,
        reason text NULL,
        checked_by integer NOT NULL,
        checked_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX appointment_cover_checks_appointment_idx ON appointment_cover_checks (appointment_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE appointment_cover_checks`);
    await queryRunner.query(`DROP TABLE appointment_covers`);
    await queryRunner.query(`DROP TABLE doctor_payers`);
    await queryRunner.query(`DROP TABLE patient_covers`);
    await queryRunner.query(`DROP TABLE payers`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763700000100 implements MigrationInterface {
  name = 'CreateUsers1763700000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        user_id serial PRIMARY KEY,
        firstname text NOT NULL,
        lastname text NOT NULL,
        email text NOT NULL,
        password_hash text NOT NULL,
        role text NOT NULL CHECK (role IN ('user', 'doctor', 'admin')),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'suspended')),
        contact_phone text NULL,
        address text NULL,
        profile_picture_id uuid NULL,
        must_change_password boolean NOT NULL DEFAULT false,
        session_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_login timestamptz NULL,
        deleted_at timestamptz NULL
      )`);
    // One live account per email: concurrent registrations race on this index and exactly one wins.
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_live_uq ON users (email) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX users_role_idx ON users (role) WHERE deleted_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE token_revocations (
        jti uuid PRIMARY KEY,
        user_id integer NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX token_revocations_expiry_idx ON token_revocations (expires_at)`);
    await queryRunner.query(`
      CREATE TABLE profile_pictures (
        id uuid PRIMARY KEY,
        user_id integer NOT NULL,
        content_type text NOT NULL,
        data bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Read model fed by appointment events: the admin list's per-user appointment count.
    await queryRunner.query(`
      CREATE TABLE user_appointment_counts (
        user_id integer PRIMARY KEY,
        appointments_count integer NOT NULL DEFAULT 0
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE user_appointment_counts`);
    await queryRunner.query(`DROP TABLE profile_pictures`);
    await queryRunner.query(`DROP TABLE token_revocations`);
    await queryRunner.query(`DROP TABLE users`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** Forgotten passwords: each reset asked for, its secret stored only as a SHA-256 hash, single use, 30 minutes. */
export class PasswordResets1764900000100 implements MigrationInterface {
  name = 'PasswordResets1764900000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE password_resets (
        reset_id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('email', 'sms')),
        secret_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX password_resets_secret_idx ON password_resets (secret_hash)`);
    await queryRunner.query(`CREATE INDEX password_resets_user_idx ON password_resets (user_id, created_at DESC) WHERE used_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE password_resets`);
  }
}

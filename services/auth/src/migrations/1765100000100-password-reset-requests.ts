import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Forgot-password requests waiting to be handled: stored by the request (whether or not an account matches, so the
 * reply takes the same time either way), then looked up and sent by the service's queue (ResetRequestQueue). A row
 * lives seconds: it is deleted once handled; a failed send is tried again at next_attempt_at. It holds what was typed
 * (an email or a phone), never a secret.
 */
export class PasswordResetRequests1765100000100 implements MigrationInterface {
  name = 'PasswordResetRequests1765100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE password_reset_requests (
        request_id bigserial PRIMARY KEY,
        email text NULL,
        phone text NULL,
        -- the HTTP request's id, so the lines of the work done later name it
        request_ref text NULL,
        requested_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX password_reset_requests_due_idx ON password_reset_requests (next_attempt_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE password_reset_requests`);
  }
}

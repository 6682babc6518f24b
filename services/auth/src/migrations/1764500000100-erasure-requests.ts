import { MigrationInterface, QueryRunner } from 'typeorm';

/** Patients' erasure requests (data rights): at most one pending per account; kept after the decision as its record. */
export class ErasureRequests1764500000100 implements MigrationInterface {
  name = 'ErasureRequests1764500000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE erasure_requests (
        request_id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (user_id),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        reason text NULL CHECK (reason IS NULL OR length(reason) <= 500),
        requested_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz NULL,
        decided_by integer NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX erasure_requests_one_pending ON erasure_requests (user_id) WHERE status = 'pending'`);
    await queryRunner.query(`CREATE INDEX erasure_requests_status ON erasure_requests (status, requested_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE erasure_requests`);
  }
}

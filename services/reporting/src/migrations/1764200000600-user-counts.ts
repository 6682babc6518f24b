import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 12 at 1,000,000 appointments / 100,000 users: the analytics totals counted rm_users on every call (~100-200 ms
 * on the shared machine). The consumer now keeps live users by role and status in rm_counts ('users:<role>:<status>',
 * src/read-models/apply.ts); this fills those counters once from the rows already applied. The overview's "doctors
 * awaiting approval" reads the few doctor rows through a partial index instead of scanning every user.
 * Expand-only: a replica still on the previous build applies user events without moving the counters until it is
 * replaced; a rebuild (src/rebuild-cli.ts) recomputes them from the stream.
 */
export class UserCounts1764200000600 implements MigrationInterface {
  name = 'UserCounts1764200000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      INSERT INTO rm_counts (key, n)
      SELECT 'users:' || role || ':' || status, count(*) FROM rm_users WHERE NOT deleted GROUP BY role, status
      ON CONFLICT (key) DO UPDATE SET n = EXCLUDED.n`);
    await queryRunner.query(`CREATE INDEX rm_users_doctors_idx ON rm_users (user_id) WHERE role = 'doctor' AND NOT deleted`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX rm_users_doctors_idx`);
    await queryRunner.query(`DELETE FROM rm_counts WHERE key LIKE 'users:%'`);
  }
}

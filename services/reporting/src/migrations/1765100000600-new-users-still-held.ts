import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 44: rm_daily.new_users and new_doctors counted every registration on its day for good, while the totals count
 * the accounts held now (not deleted; doctors: active). A period's "new users" could exceed "Total Users". The consumer
 * now moves a registration day's figures when its account is deleted, suspended or changes role
 * (rules/rm-users.rules.ts, applyUser); this recomputes the figures already rolled up from the users applied so far.
 * Expand-only: a replica still on the previous build counts registrations as before until it is replaced; a rebuild
 * (src/rebuild-cli.ts) recomputes everything from the stream.
 */
export class NewUsersStillHeld1765100000600 implements MigrationInterface {
  name = 'NewUsersStillHeld1765100000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE rm_daily SET new_users = 0, new_doctors = 0 WHERE new_users <> 0 OR new_doctors <> 0`);
    await queryRunner.query(`
      INSERT INTO rm_daily (day, new_users, new_doctors)
      SELECT (registered_at AT TIME ZONE 'Africa/Nairobi')::date,
             count(*) FILTER (WHERE NOT deleted),
             count(*) FILTER (WHERE NOT deleted AND role = 'doctor' AND status = 'active')
        FROM rm_users GROUP BY 1
      ON CONFLICT (day) DO UPDATE SET new_users = EXCLUDED.new_users, new_doctors = EXCLUDED.new_doctors`);
  }

  async down(): Promise<void> {
    // The earlier figures (every registration ever) are not kept; a rebuild under the previous build recomputes them.
  }
}

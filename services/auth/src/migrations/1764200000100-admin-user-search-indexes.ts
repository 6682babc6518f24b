import { MigrationInterface, QueryRunner } from 'typeorm';
import { trigramSchema } from '@afya/service-shared';

/**
 * The admin users page searches ILIKE '%…%' on "first last" and on the email: trigram indexes let it read only
 * the matches instead of every user (100,000 at issue 12's scale; measured in infra/bench/reporting.bench.js).
 * pg_trgm: see trigramSchema (services/shared); without it the indexes are skipped. Expand-only.
 */
export class AdminUserSearchIndexes1764200000100 implements MigrationInterface {
  name = 'AdminUserSearchIndexes1764200000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    const trgm = await trigramSchema(queryRunner);
    if (!trgm) return;
    await queryRunner.query(`CREATE INDEX users_name_trgm_idx ON users USING gin ((firstname || ' ' || lastname) "${trgm}".gin_trgm_ops) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX users_email_trgm_idx ON users USING gin (email "${trgm}".gin_trgm_ops) WHERE deleted_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS users_email_trgm_idx`);
    await queryRunner.query(`DROP INDEX IF EXISTS users_name_trgm_idx`);
  }
}

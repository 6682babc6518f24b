import { MigrationInterface, QueryRunner } from 'typeorm';
import { trigramSchema } from '@afya/service-shared';

/**
 * The admin appointment list at 1,000,000 rows (issue 12, measured in infra/bench/reporting.bench.js):
 *  - a page is read in index order: (created_at DESC, appointment_id DESC) is exactly the list's ORDER BY (the
 *    created_at-only index needed an incremental sort that read every row tied on created_at);
 *  - the name search (ILIKE '%…%' on "first last") uses trigram indexes on the two small name tables instead of
 *    scanning all 100,000 directory rows; the appointments are then found through their user_id / doctor_id indexes.
 * pg_trgm: see trigramSchema (services/shared); without it the trigram indexes are skipped. Expand-only.
 */
export class AdminSearchIndexes1764200000200 implements MigrationInterface {
  name = 'AdminSearchIndexes1764200000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX appointments_admin_list_idx ON appointments (created_at DESC, appointment_id DESC)`);
    const trgm = await trigramSchema(queryRunner);
    if (!trgm) return;
    await queryRunner.query(`CREATE INDEX user_directory_name_trgm_idx ON user_directory USING gin ((firstname || ' ' || lastname) "${trgm}".gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX doctors_name_trgm_idx ON doctors USING gin ((first_name || ' ' || last_name) "${trgm}".gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS doctors_name_trgm_idx`);
    await queryRunner.query(`DROP INDEX IF EXISTS user_directory_name_trgm_idx`);
    await queryRunner.query(`DROP INDEX appointments_admin_list_idx`);
  }
}

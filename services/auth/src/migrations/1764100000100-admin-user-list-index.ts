import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin user list pages newest first (created_at DESC, user_id DESC): with this index a page is read in index
 * order instead of sorting every live user (100,000 patients at issue 12's scale).
 */
export class AdminUserListIndex1764100000100 implements MigrationInterface {
  name = 'AdminUserListIndex1764100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX users_admin_list_idx ON users (created_at DESC, user_id DESC) WHERE deleted_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX users_admin_list_idx`);
  }
}

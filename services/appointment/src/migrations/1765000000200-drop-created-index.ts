import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * appointments_created_idx (created_at DESC) is a prefix of appointments_list_walk_idx (created_at DESC,
 * appointment_id DESC), which serves every order and range on created_at it served. Each booking maintained both
 * (one index of eight fewer per INSERT). Expand-only: what the dropped index answered, its cover answers.
 */
export class DropCreatedIndex1765000000200 implements MigrationInterface {
  name = 'DropCreatedIndex1765000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS appointments_created_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS appointments_created_idx ON appointments (created_at DESC)`);
  }
}

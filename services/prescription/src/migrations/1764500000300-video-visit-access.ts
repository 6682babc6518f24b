import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The access log also records who joined and left a video visit (issue 26): two more actions. The check is
 * replaced, not loosened: still a closed list. (ADD CONSTRAINT checks the existing rows; it updates none, so the
 * append-only triggers are not involved.)
 */
export class VideoVisitAccess1764500000300 implements MigrationInterface {
  name = 'VideoVisitAccess1764500000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check`);
    await queryRunner.query(
      `ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
         CHECK (action IN ('viewed', 'created', 'updated', 'deleted', 'downloaded', 'joined_video', 'left_video'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check`);
    await queryRunner.query(
      `ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('viewed', 'created', 'updated', 'deleted', 'downloaded')) NOT VALID`,
    );
  }
}

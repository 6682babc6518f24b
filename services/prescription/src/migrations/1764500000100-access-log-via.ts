import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The access log names the service that read a record for someone (`via`: 'prescription', 'payment'…), beside the
 * person it acted for. Adding a nullable column keeps the table append-only (the triggers refuse UPDATE and DELETE).
 */
export class AccessLogVia1764500000100 implements MigrationInterface {
  name = 'AccessLogVia1764500000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE audit_log ADD COLUMN via text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE audit_log DROP COLUMN via`);
  }
}

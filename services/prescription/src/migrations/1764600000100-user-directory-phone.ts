import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user directory keeps each person's phone (from auth's user events), so a doctor picking a visit in Write
 * Prescription can tell two patients with the same name apart. Expand-only: a nullable column, filled by the next
 * event about each user (or a rebuild of the read model).
 */
export class UserDirectoryPhone1764600000100 implements MigrationInterface {
  name = 'UserDirectoryPhone1764600000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE user_directory ADD COLUMN contact_phone text NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE user_directory DROP COLUMN contact_phone`);
  }
}

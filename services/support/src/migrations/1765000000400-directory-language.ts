import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each user's language (auth's user events carry it): emails and SMS are written in it. */
export class DirectoryLanguage1765000000400 implements MigrationInterface {
  name = 'DirectoryLanguage1765000000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE user_directory ADD COLUMN language text NOT NULL DEFAULT 'en'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE user_directory DROP COLUMN language`);
  }
}

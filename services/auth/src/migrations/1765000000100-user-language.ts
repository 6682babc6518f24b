import { MigrationInterface, QueryRunner } from 'typeorm';

/** The language each person reads Afya in ('en' or 'sw'); everyone starts in English. */
export class UserLanguage1765000000100 implements MigrationInterface {
  name = 'UserLanguage1765000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT 'en' CONSTRAINT users_language_check CHECK (language IN ('en', 'sw'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN language`);
  }
}

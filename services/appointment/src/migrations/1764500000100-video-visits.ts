import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Video visits: a doctor offers them or not (off until they turn it on); each appointment is in person (every
 * appointment booked before this migration, and any booking that names no mode) or video.
 * Expand-only: both columns have defaults, so code that does not know them keeps working.
 */
export class VideoVisits1764500000100 implements MigrationInterface {
  name = 'VideoVisits1764500000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE doctors ADD COLUMN offers_video boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `ALTER TABLE appointments ADD COLUMN visit_mode text NOT NULL DEFAULT 'in_person' CHECK (visit_mode IN ('in_person', 'video'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE appointments DROP COLUMN visit_mode`);
    await queryRunner.query(`ALTER TABLE doctors DROP COLUMN offers_video`);
  }
}

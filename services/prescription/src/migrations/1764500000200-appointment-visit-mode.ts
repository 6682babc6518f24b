import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The appointments read model keeps how the visit happens (in person or video), so the prescription and its PDF
 * say it. Events recorded before video visits carry no mode: those appointments were in person.
 */
export class AppointmentVisitMode1764500000200 implements MigrationInterface {
  name = 'AppointmentVisitMode1764500000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE appointments ADD COLUMN visit_mode text NOT NULL DEFAULT 'in_person'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE appointments DROP COLUMN visit_mode`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** The appointments read model keeps how the visit happens, for the appointments CSV's Visit column. */
export class AppointmentVisitMode1764500000600 implements MigrationInterface {
  name = 'AppointmentVisitMode1764500000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE rm_appointments ADD COLUMN visit_mode text NOT NULL DEFAULT 'in_person'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE rm_appointments DROP COLUMN visit_mode`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin list filtered by a status (alone or with a name), in the list's order: the newest appointments are mostly
 * upcoming and Pending, so walking the whole list's index for Completed ones passed 29,000 rows for one page of a
 * surname (issue 12's bench: "Abdi" & Completed, p99 252 ms). Within one status the walk meets them at once, and with
 * the patient and doctor in the index a name is tested there without reading the table (index-only, 0.3 ms; without
 * them PostgreSQL preferred the table-ordered created_at index). Expand-only.
 */
export class AdminStatusIndex1764300000300 implements MigrationInterface {
  name = 'AdminStatusIndex1764300000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX appointments_status_list_idx ON appointments (appointment_status, created_at DESC, appointment_id DESC) INCLUDE (user_id, doctor_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX appointments_status_list_idx`);
  }
}

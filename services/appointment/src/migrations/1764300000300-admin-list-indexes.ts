import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin list's walks read the index alone (issue 12's bench at 1,000,000 appointments):
 *  - appointments_admin_walk_idx replaces appointments_admin_list_idx (the same order) and carries the patient and
 *    doctor: a name search that walks the list tests each entry there, without reading the table (a full name with
 *    7,900 matches passed 2,632 entries for one page: 10.3 ms with a table read each, 0.5 ms index-only);
 *  - appointments_status_list_idx: the list with one status, in the same order. The newest appointments are mostly
 *    upcoming and Pending, so walking the whole list for Completed ones of a surname passed 29,000 entries (21 ms);
 *    within the status it meets them at once (0.3 ms). Queries with one status order by it first (no change to the
 *    order, as there is one value) so that PostgreSQL reads this index in order;
 *  - appointments_doctor_agenda_idx replaces appointments_doctor_date_idx (the same keys) and carries the patient: the
 *    appointments of a matched doctor with a matched patient are counted from the index alone (a search's exact total).
 * Expand-only: each index dropped is covered by its replacement (the same keys, in the same order).
 */
export class AdminListIndexes1764300000300 implements MigrationInterface {
  name = 'AdminListIndexes1764300000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX appointments_admin_walk_idx ON appointments (created_at DESC, appointment_id DESC) INCLUDE (user_id, doctor_id)`);
    await queryRunner.query(`DROP INDEX IF EXISTS appointments_admin_list_idx`);
    await queryRunner.query(
      `CREATE INDEX appointments_status_list_idx ON appointments (appointment_status, created_at DESC, appointment_id DESC) INCLUDE (user_id, doctor_id)`,
    );
    await queryRunner.query(`CREATE INDEX appointments_doctor_agenda_idx ON appointments (doctor_id, appointment_date DESC, starts_at DESC) INCLUDE (user_id)`);
    await queryRunner.query(`DROP INDEX IF EXISTS appointments_doctor_date_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX appointments_doctor_date_idx ON appointments (doctor_id, appointment_date DESC, starts_at DESC)`);
    await queryRunner.query(`DROP INDEX appointments_doctor_agenda_idx`);
    await queryRunner.query(`DROP INDEX appointments_status_list_idx`);
    await queryRunner.query(`CREATE INDEX appointments_admin_list_idx ON appointments (created_at DESC, appointment_id DESC)`);
    await queryRunner.query(`DROP INDEX appointments_admin_walk_idx`);
  }
}

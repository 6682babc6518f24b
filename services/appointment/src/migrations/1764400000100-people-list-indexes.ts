import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A patient's and a doctor's appointments carry what the admin search filters, counts and orders by (issue 12's
 * bench at 1,000,000 appointments): the status, created_at and the appointment's id (and, for a doctor, the patient),
 * so a name's appointments under a status or date filter are counted and paged from these indexes alone. Counting
 * a full name's Completed appointments read each from the table (7,900 rows, p99 148 ms at 10 connections); a name
 * with a day filter planned its ids as arrays of constants (p99 229 ms).
 *  - appointments_patient_list_idx replaces appointments_user_date_idx (the same keys: a patient's own list);
 *  - appointments_doctor_list_idx replaces appointments_doctor_agenda_idx (the same keys: a doctor's agenda);
 *  - the list's walks (appointments_list_walk_idx, appointments_status_walk_idx, replacing the admin and status list
 *    indexes with the same keys) carry the date: a surname's past appointments, walked newest first, passed 24,776
 *    upcoming ones first, each read from the table (6 ms); tested in the index, 1 ms.
 * Expand-only: each index dropped is covered by its replacement (the same keys, in the same order).
 */
export class PeopleListIndexes1764400000100 implements MigrationInterface {
  name = 'PeopleListIndexes1764400000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX appointments_patient_list_idx ON appointments (user_id, appointment_date DESC, starts_at DESC) INCLUDE (appointment_status, created_at, appointment_id)`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS appointments_user_date_idx`);
    await queryRunner.query(
      `CREATE INDEX appointments_doctor_list_idx ON appointments (doctor_id, appointment_date DESC, starts_at DESC) INCLUDE (user_id, appointment_status, created_at, appointment_id)`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS appointments_doctor_agenda_idx`);
    await queryRunner.query(
      `CREATE INDEX appointments_list_walk_idx ON appointments (created_at DESC, appointment_id DESC) INCLUDE (user_id, doctor_id, appointment_date)`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS appointments_admin_walk_idx`);
    await queryRunner.query(
      `CREATE INDEX appointments_status_walk_idx ON appointments (appointment_status, created_at DESC, appointment_id DESC) INCLUDE (user_id, doctor_id, appointment_date)`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS appointments_status_list_idx`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX appointments_status_list_idx ON appointments (appointment_status, created_at DESC, appointment_id DESC) INCLUDE (user_id, doctor_id)`,
    );
    await queryRunner.query(`DROP INDEX appointments_status_walk_idx`);
    await queryRunner.query(`CREATE INDEX appointments_admin_walk_idx ON appointments (created_at DESC, appointment_id DESC) INCLUDE (user_id, doctor_id)`);
    await queryRunner.query(`DROP INDEX appointments_list_walk_idx`);
    await queryRunner.query(`CREATE INDEX appointments_doctor_agenda_idx ON appointments (doctor_id, appointment_date DESC, starts_at DESC) INCLUDE (user_id)`);
    await queryRunner.query(`DROP INDEX appointments_doctor_list_idx`);
    await queryRunner.query(`CREATE INDEX appointments_user_date_idx ON appointments (user_id, appointment_date DESC, starts_at DESC)`);
    await queryRunner.query(`DROP INDEX appointments_patient_list_idx`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A doctor's own hours (issue 37) make slots off the clinic's half-hour grid ('09:15 AM', every 15, 20, 45 or 60
 * minutes): the appointments' time_slot takes any well-formed label instead of the 14 of TIME_SLOTS. Which label a
 * doctor's day offers is the service's rule (contracts/doctor-hours.ts). An expand step: every label the running
 * release writes passes the new check, which is added NOT VALID and then validated (no long lock on the table).
 */
export class SlotLabels1765100000200 implements MigrationInterface {
  name = 'SlotLabels1765100000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE appointments ADD CONSTRAINT appointments_time_slot_label_check CHECK (time_slot ~ '^(0[1-9]|1[0-2]):[0-5][0-9] (AM|PM)$') NOT VALID`,
    );
    await queryRunner.query(`ALTER TABLE appointments VALIDATE CONSTRAINT appointments_time_slot_label_check`);
    await queryRunner.query(`ALTER TABLE appointments DROP CONSTRAINT appointments_time_slot_check`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Fails while a booking holds a label off the clinic's grid: those visits must move first.
    const grid = ['09:00 AM', '09:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '02:00 PM', '02:30 PM', '03:00 PM', '03:30 PM', '04:00 PM', '04:30 PM', '05:00 PM', '05:30 PM'];
    await queryRunner.query(`ALTER TABLE appointments ADD CONSTRAINT appointments_time_slot_check CHECK (time_slot IN (${grid.map((s) => `'${s}'`).join(', ')}))`);
    await queryRunner.query(`ALTER TABLE appointments DROP CONSTRAINT appointments_time_slot_label_check`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The waitlist: patients waiting for a doctor's slot in a date range, and the offers of freed slots, each held for
 * one patient for a while. One held offer per slot and per entry (partial unique indexes): a held slot is offered to
 * one patient at a time, a patient holds one slot of an entry at a time. The offer-expiry jobs (pg-boss) live in the
 * same schema, installed by migrate.ts.
 */
export class Waitlist1765000000100 implements MigrationInterface {
  name = 'Waitlist1765000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE waitlist_entries (
        entry_id serial PRIMARY KEY,
        user_id integer NOT NULL,
        doctor_id integer NOT NULL REFERENCES doctors (doctor_id),
        date_from date NOT NULL,
        date_to date NOT NULL,
        appointment_type text NOT NULL,
        notes text NOT NULL,
        -- waiting: in line; offered: a slot is held for it; booked: it became an appointment; left: the patient left
        status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'booked', 'left')),
        joined_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (date_to >= date_from)
      )`);
    // one open entry per patient and doctor
    await queryRunner.query(`CREATE UNIQUE INDEX waitlist_entries_open_uq ON waitlist_entries (user_id, doctor_id) WHERE status IN ('waiting', 'offered')`);
    // the line: a doctor's waiting entries in the order they joined
    await queryRunner.query(`CREATE INDEX waitlist_entries_line_idx ON waitlist_entries (doctor_id, joined_at, entry_id) WHERE status = 'waiting'`);
    await queryRunner.query(`CREATE INDEX waitlist_entries_user_idx ON waitlist_entries (user_id, joined_at DESC)`);
    await queryRunner.query(`
      CREATE TABLE waitlist_offers (
        offer_id serial PRIMARY KEY,
        entry_id integer NOT NULL REFERENCES waitlist_entries (entry_id),
        user_id integer NOT NULL,
        doctor_id integer NOT NULL REFERENCES doctors (doctor_id),
        appointment_date date NOT NULL,
        time_slot text NOT NULL,
        status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'claimed', 'expired', 'declined', 'withdrawn')),
        offered_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        settled_at timestamptz NULL,
        appointment_id integer NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX waitlist_offers_held_slot_uq ON waitlist_offers (doctor_id, appointment_date, time_slot) WHERE status = 'held'`);
    await queryRunner.query(`CREATE UNIQUE INDEX waitlist_offers_held_entry_uq ON waitlist_offers (entry_id) WHERE status = 'held'`);
    // which entries were offered a slot already (an entry is offered each slot once)
    await queryRunner.query(`CREATE INDEX waitlist_offers_slot_idx ON waitlist_offers (doctor_id, appointment_date, time_slot)`);
    await queryRunner.query(`CREATE INDEX waitlist_offers_entry_idx ON waitlist_offers (entry_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE waitlist_offers`);
    await queryRunner.query(`DROP TABLE waitlist_entries`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

// Frozen copies of the contract's lists as they were when this migration was written.
const STATUSES = ['open', 'in-progress', 'pending', 'resolved', 'closed'];
const PRIORITIES = ['low', 'medium', 'high', 'urgent'];
const CATEGORIES = ['general', 'technical', 'billing', 'appointment'];
const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export class CreateTickets1763900000400 implements MigrationInterface {
  name = 'CreateTickets1763900000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Read models fed by auth's user events and appointment's appointment events (never their tables).
    await queryRunner.query(`
      CREATE TABLE user_directory (
        user_id integer PRIMARY KEY,
        firstname text NOT NULL,
        lastname text NOT NULL,
        email text NULL,
        role text NOT NULL,
        contact_phone text NULL,
        deleted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX user_directory_email_idx ON user_directory (lower(email)) WHERE NOT deleted`);
    await queryRunner.query(`
      CREATE TABLE appointment_directory (
        appointment_id integer PRIMARY KEY,
        user_id integer NOT NULL,
        doctor_user_id integer NOT NULL,
        appointment_date date NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX appointment_directory_doctor_idx ON appointment_directory (doctor_user_id, user_id) WHERE NOT deleted`);
    await queryRunner.query(`CREATE INDEX appointment_directory_user_idx ON appointment_directory (user_id) WHERE NOT deleted`);

    await queryRunner.query(`
      CREATE TABLE tickets (
        ticket_id serial PRIMARY KEY,
        -- null: a contact-form message whose email belongs to no account
        user_id integer NULL,
        source text NOT NULL DEFAULT 'ticket' CHECK (source IN ('ticket', 'contact')),
        subject text NOT NULL,
        description text NOT NULL,
        -- null reads as open (CONTRACT.md §4); we always write one
        status text NULL DEFAULT 'open' CHECK (status IN (${list(STATUSES)})),
        priority text NOT NULL DEFAULT 'medium' CHECK (priority IN (${list(PRIORITIES)})),
        category text NOT NULL DEFAULT 'general' CHECK (category IN (${list(CATEGORIES)})),
        related_appointment_id integer NULL,
        -- the contact form's sender (kept even when linked to an account)
        contact_name text NULL,
        contact_email text NULL,
        messages_count integer NOT NULL DEFAULT 0,
        last_message_at timestamptz NULL,
        -- unread: the owner's last message or the creation, the last admin reply, and when each side last read
        last_owner_activity_at timestamptz NULL,
        last_staff_message_at timestamptz NULL,
        owner_read_at timestamptz NULL,
        staff_read_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- soft delete: kept for audit, out of every list
        deleted_at timestamptz NULL,
        deleted_by integer NULL
      )`);
    await queryRunner.query(`CREATE INDEX tickets_user_idx ON tickets (user_id, created_at DESC) WHERE deleted_at IS NULL`);
    await queryRunner.query(`CREATE INDEX tickets_created_idx ON tickets (created_at DESC, ticket_id DESC) WHERE deleted_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE ticket_messages (
        message_id serial PRIMARY KEY,
        ticket_id integer NOT NULL REFERENCES tickets (ticket_id),
        sender_role text NOT NULL CHECK (sender_role IN ('user', 'doctor', 'admin')),
        sender_id integer NULL,
        message text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, created_at, message_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ticket_messages`);
    await queryRunner.query(`DROP TABLE tickets`);
    await queryRunner.query(`DROP TABLE appointment_directory`);
    await queryRunner.query(`DROP TABLE user_directory`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** Outbox and processed-events tables: every service schema gets them (search_path is the schema). */
export class EventTables1763700000000 implements MigrationInterface {
  name = 'EventTables1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox (
        id uuid PRIMARY KEY,
        type text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX outbox_unpublished_idx ON outbox (created_at) WHERE published_at IS NULL`);
    await queryRunner.query(`
      CREATE TABLE processed_events (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE processed_events`);
    await queryRunner.query(`DROP TABLE outbox`);
  }
}

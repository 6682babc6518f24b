import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The request context an event was recorded under (requestId, traceparent…: RequestContext), which the relay sends
 * as message headers so the consumer's log lines carry the same request id. Expand-only: a nullable column, which
 * code from before it neither reads nor writes; rows recorded outside a request keep NULL. Every service schema.
 */
export class OutboxContext1764200000050 implements MigrationInterface {
  name = 'OutboxContext1764200000050';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE outbox ADD COLUMN IF NOT EXISTS context jsonb NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE outbox DROP COLUMN IF EXISTS context`);
  }
}

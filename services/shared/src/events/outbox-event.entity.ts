import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { RequestContext } from '../context/request-context';

/** A domain event written in the same transaction as the change it describes; the relay publishes it. */
@Entity({ name: 'outbox' })
@Index('outbox_unpublished_idx', ['createdAt'], { where: 'published_at IS NULL' })
export class OutboxEventEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'jsonb' })
  payload!: unknown;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;

  /** The RequestContext the event was recorded under (outbox-context.migration.ts); the relay sends it as headers. */
  @Column({ type: 'jsonb', nullable: true })
  context!: RequestContext | null;
}

import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ErasureStatus } from '../../contracts';

@Entity({ name: 'erasure_requests' })
export class ErasureRequestEntity {
  @PrimaryGeneratedColumn({ name: 'request_id' })
  requestId!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ type: 'text', default: 'pending' })
  status!: ErasureStatus;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ name: 'requested_at', type: 'timestamptz', default: () => 'now()' })
  requestedAt!: Date;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @Column({ name: 'decided_by', type: 'integer', nullable: true })
  decidedBy!: number | null;
}

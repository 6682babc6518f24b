import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A forgot-password request waiting for the queue (ResetRequestQueue): what was typed, never a secret. */
@Entity({ name: 'password_reset_requests' })
export class PasswordResetRequestEntity {
  @PrimaryGeneratedColumn({ name: 'request_id', type: 'bigint' })
  requestId!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ name: 'request_ref', type: 'text', nullable: true })
  requestRef!: string | null;

  @Column({ name: 'requested_at', type: 'timestamptz', default: () => 'now()' })
  requestedAt!: Date;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt!: Date;
}

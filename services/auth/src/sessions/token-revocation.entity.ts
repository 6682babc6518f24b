import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A single token revoked by logout; kept until it would have expired anyway. */
@Entity({ name: 'token_revocations' })
export class TokenRevocationEntity {
  @PrimaryColumn({ type: 'uuid' })
  jti!: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}

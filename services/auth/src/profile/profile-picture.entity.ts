import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Picture bytes live in the auth schema under a server-chosen id: no shared disk between replicas. */
@Entity({ name: 'profile_pictures' })
export class ProfilePictureEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  @Column({ type: 'bytea' })
  data!: Buffer;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}

import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '@afya/service-shared';
import type { Language, UserStatus } from '../../contracts';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn({ name: 'user_id' })
  userId!: number;

  @Column({ type: 'text' })
  firstname!: string;

  @Column({ type: 'text' })
  lastname!: string;

  /** Stored lower-cased; unique among accounts that are not deleted. */
  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ type: 'text' })
  role!: Role;

  @Column({ type: 'text' })
  status!: UserStatus;

  @Column({ name: 'contact_phone', type: 'text', nullable: true })
  contactPhone!: string | null;

  @Column({ type: 'text', nullable: true })
  address!: string | null;

  @Column({ name: 'profile_picture_id', type: 'uuid', nullable: true })
  profilePictureId!: string | null;

  @Column({ name: 'must_change_password', type: 'boolean', default: false })
  mustChangePassword!: boolean;

  /** 'en' or 'sw' (a CHECK constraint holds it to LANGUAGES). */
  @Column({ type: 'text', default: 'en' })
  language!: Language;

  /** Bumped by password change, suspension, role change and deletion: older tokens stop working. */
  @Column({ name: 'session_version', type: 'integer', default: 0 })
  sessionVersion!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'last_login', type: 'timestamptz', nullable: true })
  lastLogin!: Date | null;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

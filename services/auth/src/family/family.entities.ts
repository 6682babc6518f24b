import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { FamilyMemberKind } from '../../contracts';

/** A child a carer added: their account row (users) has no login; this holds what makes them a dependant. */
@Entity({ name: 'family_dependants' })
export class FamilyDependantEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId!: number;

  /** YYYY-MM-DD (a date column read as text). */
  @Column({ name: 'date_of_birth', type: 'date' })
  dateOfBirth!: string;

  @Column({ name: 'added_by_user_id', type: 'integer' })
  addedByUserId!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}

export type FamilyLinkRowStatus = 'pending' | 'active' | 'declined' | 'ended';

/**
 * A carer's link to a member: a child (active from the start) or another adult (an invitation by phone, pending until
 * they answer). `member_user_id` is null while an invitation waits: it names a phone, not an account.
 */
@Entity({ name: 'family_links' })
export class FamilyLinkEntity {
  @PrimaryGeneratedColumn({ name: 'link_id' })
  linkId!: number;

  @Column({ type: 'text' })
  kind!: FamilyMemberKind;

  @Column({ name: 'carer_user_id', type: 'integer' })
  carerUserId!: number;

  @Column({ name: 'member_user_id', type: 'integer', nullable: true })
  memberUserId!: number | null;

  /** The invited phone, normalised (normalizePhone); null for a child. */
  @Column({ name: 'invited_phone', type: 'text', nullable: true })
  invitedPhone!: string | null;

  @Column({ type: 'text' })
  relationship!: string;

  @Column({ name: 'scopes_asked', type: 'text', array: true, default: () => "'{}'" })
  scopesAsked!: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes!: string[];

  @Column({ type: 'text' })
  status!: FamilyLinkRowStatus;

  @Column({ name: 'ended_reason', type: 'text', nullable: true })
  endedReason!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'responded_at', type: 'timestamptz', nullable: true })
  respondedAt!: Date | null;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;
}

/** A consent as given: the text and its version at the time, never rewritten when the wording changes. */
@Entity({ name: 'family_consents' })
export class FamilyConsentEntity {
  @PrimaryGeneratedColumn({ name: 'consent_id' })
  consentId!: number;

  @Column({ name: 'link_id', type: 'integer' })
  linkId!: number;

  @Column({ name: 'given_by_user_id', type: 'integer' })
  givenByUserId!: number;

  @Column({ name: 'member_user_id', type: 'integer' })
  memberUserId!: number;

  @Column({ name: 'text_version', type: 'text' })
  textVersion!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ name: 'given_at', type: 'timestamptz' })
  givenAt!: Date;
}

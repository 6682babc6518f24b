import { randomBytes } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { recordEvent } from '@afya/service-shared';
import { AuthEvents, UserEventData } from '../../contracts';
import { FamilyService } from '../family/family.service';
import { ProfilePictureEntity } from '../profile/profile-picture.entity';
import { applyNewPassword } from '../users/new-password';
import { UserEntity } from '../users/user.entity';
import { toUserEventData } from '../users/user.mapper';

/** The anonymised account fields: no name, no contact, an address that can never receive mail (RFC 2606 .invalid). */
export function anonymisedFields(userId: number): Pick<UserEntity, 'firstname' | 'lastname' | 'email' | 'contactPhone' | 'address'> {
  return { firstname: 'Erased', lastname: 'user', email: `erased-${userId}@erased.invalid`, contactPhone: null, address: null };
}

/**
 * Erases an account, in the caller's transaction (an approved erasure request, or an admin deleting the user):
 * personal fields anonymised, picture deleted, password unusable, account closed, every session and reset link revoked; then
 * user.deleted with `erased: true`, on which the other services drop the person's direct identifiers and cancel
 * what lies ahead (appointment: future visits cancelled, slots freed, refunds per policy through payment). Medical
 * and payment records stay, keyed by the user id only. Returns the user, for the revocation broadcast.
 */
export async function eraseUser(manager: EntityManager, user: UserEntity): Promise<UserEntity> {
  Object.assign(user, anonymisedFields(user.userId));
  if (user.profilePictureId) await manager.delete(ProfilePictureEntity, { id: user.profilePictureId });
  user.profilePictureId = null;
  user.status = 'inactive';
  user.deletedAt = new Date();
  // Not a hash any password can match: login compares against it and fails; reset links and codes end with it.
  await applyNewPassword(manager, user, `erased:${randomBytes(24).toString('base64url')}`);
  // Family care (issue 36): the person's links end; a child's own records stay theirs.
  await FamilyService.endLinksOf(manager, user.userId);
  // The USSD PIN (issue 42) goes with the account: no phone can sign in as it any more.
  await manager.query(`UPDATE users SET ussd_pin_hash = NULL, ussd_pin_set_at = NULL, ussd_pin_failures = 0, ussd_locked_until = NULL WHERE user_id = $1`, [user.userId]);
  const data: UserEventData = { ...toUserEventData(user), erased: true };
  await recordEvent(manager, AuthEvents.deleted, data);
  return user;
}

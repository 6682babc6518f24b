import { EntityManager, IsNull } from 'typeorm';
import { PasswordResetEntity } from '../password-reset/password-reset.entity';
import { revokeSessions } from './user-events';
import { UserEntity } from './user.entity';

/**
 * A new password, however it is set (the user's change, a reset by link or code), in the caller's transaction: the
 * one-time password is replaced, every session of the account ends, and so does every reset link or SMS code issued
 * before it (a link sent earlier must not undo the change).
 */
export async function applyNewPassword(manager: EntityManager, user: UserEntity, passwordHash: string, now: Date = new Date()): Promise<UserEntity> {
  user.passwordHash = passwordHash;
  user.mustChangePassword = false;
  await manager.update(PasswordResetEntity, { userId: user.userId, usedAt: IsNull() }, { usedAt: now });
  return revokeSessions(manager, user);
}

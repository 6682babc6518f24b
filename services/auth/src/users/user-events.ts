import { EntityManager } from 'typeorm';
import { recordEvent } from '@afya/service-shared';
import { AuthEvents } from '../../contracts';
import { UserEntity } from './user.entity';
import { toUserEventData } from './user.mapper';

type UserEventType = (typeof AuthEvents)[keyof typeof AuthEvents];

export function recordUserEvent(manager: EntityManager, type: UserEventType, user: UserEntity) {
  return recordEvent(manager, type, toUserEventData(user));
}

/** Bumps the user's session version: every token issued before stops working. */
export async function revokeSessions(manager: EntityManager, user: UserEntity): Promise<UserEntity> {
  user.sessionVersion += 1;
  user.updatedAt = new Date();
  await manager.save(user);
  await recordEvent(manager, AuthEvents.sessionsRevoked, { user_id: user.userId, session_version: user.sessionVersion });
  return user;
}

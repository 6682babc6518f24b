import type { AdminUserEntry, SessionUser, UserEventData } from '../../contracts';
import { UserEntity } from './user.entity';

/** Where the browser loads a profile picture (served by the gateway from this service). */
export function pictureUrl(pictureId: string | null): string | null {
  return pictureId ? `/api/user/profile-picture/${pictureId}` : null;
}

export function toSessionUser(user: UserEntity): SessionUser {
  return {
    user_id: user.userId,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    role: user.role,
    status: user.status,
    contact_phone: user.contactPhone,
    address: user.address,
    profilePictureUrl: pictureUrl(user.profilePictureId),
    must_change_password: user.mustChangePassword,
    language: user.language ?? 'en',
  };
}

export function toAdminEntry(user: UserEntity, appointmentsCount: number): AdminUserEntry {
  return {
    ...toSessionUser(user),
    id: user.userId,
    phone: user.contactPhone,
    created_at: user.createdAt.toISOString(),
    last_login: user.lastLogin ? user.lastLogin.toISOString() : null,
    appointments_count: appointmentsCount,
  };
}

export function toUserEventData(user: UserEntity): UserEventData {
  const { user_id, firstname, lastname, email, role, status, contact_phone, language } = toSessionUser(user);
  return { user_id, firstname, lastname, email, role, status, contact_phone, language };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

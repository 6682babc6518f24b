/**
 * The auth service's contract: NATS patterns, payloads and replies. The gateway and other services
 * import only this file from services/auth.
 */
import { subject } from '@afya/service-shared';
import type { BinaryRef, Role } from '@afya/service-shared';

export const AuthPatterns = {
  register: subject('auth.register'),
  login: subject('auth.login'),
  logout: subject('auth.logout'),
  getProfile: subject('auth.profile.get'),
  updateProfile: subject('auth.profile.update'),
  changePassword: subject('auth.password.change'),
  uploadPicture: subject('auth.picture.upload'),
  getPicture: subject('auth.picture.get'),
  publicKeys: subject('auth.keys'),
  revocations: subject('auth.revocations'),
  listUsers: subject('auth.admin.users.list'),
  createUser: subject('auth.admin.users.create'),
  updateUser: subject('auth.admin.users.update'),
  deleteUser: subject('auth.admin.users.delete'),
  health: subject('auth.health'),
} as const;

/** Core NATS broadcast (every gateway replica hears it): a token or a user's sessions were revoked. */
export const AuthBroadcasts = {
  revocation: subject('broadcast.auth.revocation'),
} as const;

/** Domain events (JetStream, through the outbox). */
export const AuthEvents = {
  registered: 'user.registered',
  updated: 'user.updated',
  deleted: 'user.deleted',
  sessionsRevoked: 'user.sessions-revoked',
} as const;

export type UserStatus = 'active' | 'inactive' | 'suspended';
export const USER_STATUSES: readonly UserStatus[] = ['active', 'inactive', 'suspended'];

/** The signed-in user as the browser keeps it (SPEC.md section 3). */
export interface SessionUser {
  user_id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: Role;
  status: UserStatus;
  contact_phone: string | null;
  address: string | null;
  profilePictureUrl: string | null;
  must_change_password: boolean;
}

/** A row of the admin user list (SPEC.md section 3, "Admin user list entry"). */
export interface AdminUserEntry extends SessionUser {
  id: number;
  phone: string | null;
  created_at: string;
  last_login: string | null;
  appointments_count: number;
}

/** Event payload for user.registered / user.updated: the account fields other services may keep. */
export type UserEventData = Pick<SessionUser, 'user_id' | 'firstname' | 'lastname' | 'email' | 'role' | 'status' | 'contact_phone'>;

export interface RegisterPayload {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  contact_phone: string;
  address: string;
  /** Only honoured when an admin registers someone (SPEC.md section 7). */
  role?: Role;
  status?: UserStatus;
}

export interface LoginPayload {
  email: string;
  password: string;
}

export interface LoginReply {
  token: string;
  user: SessionUser;
}

export interface LogoutPayload {
  jti: string;
  exp: number;
}

export interface UpdateProfilePayload {
  firstname?: string;
  lastname?: string;
  contact_phone?: string;
  address?: string;
  profile_picture_url?: string;
}

export interface ChangePasswordPayload {
  currentPassword: string;
  newPassword: string;
}

/** A password change revokes older tokens, so the reply carries a fresh session. */
export interface ChangePasswordReply {
  message: string;
  token: string;
  user: SessionUser;
  revocation: Revocation;
}

/** Largest profile picture accepted (PRODUCT.md item 5). */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/** The gateway decodes the browser's data URL; the bytes travel as a BinaryRef (inline or blob). */
export interface UploadPicturePayload {
  image: BinaryRef;
}

export interface PictureReply {
  contentType: string;
  image: BinaryRef;
}

export interface PublicKeysReply {
  keys: { kid: string; pem: string }[];
}

/** Either one token (logout) or every token of a user below a session version. */
export type Revocation =
  | { kind: 'token'; jti: string; exp: number }
  | { kind: 'user'; userId: number; sessionVersion: number };

export interface RevocationsSnapshot {
  tokens: { jti: string; exp: number }[];
  users: { userId: number; sessionVersion: number }[];
}

export interface ListUsersPayload {
  search?: string;
  role?: Role;
  status?: UserStatus;
}

export interface CreateUserPayload {
  firstname: string;
  lastname: string;
  email: string;
  contact_phone: string;
  address?: string;
  role: Role;
  status: UserStatus;
}

export interface CreateUserReply {
  user: AdminUserEntry;
  /** Shown once to the admin; the user must change it at first login. */
  temporaryPassword: string;
}

export interface UpdateUserPayload {
  id: number;
  changes: Partial<Omit<CreateUserPayload, never>>;
}

/** Claims of the tokens auth signs (RS256). */
export interface AccessTokenClaims {
  sub: string;
  role: Role;
  /** Session version: tokens below the user's current version are revoked. */
  sv: number;
  /** Must change the one-time password before anything else. */
  mcp?: boolean;
  jti: string;
  iat: number;
  exp: number;
}

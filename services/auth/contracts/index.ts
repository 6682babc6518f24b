/**
 * The auth service's contract: NATS patterns, payloads and replies. The gateway and other services import
 * only this folder from services/auth; the web app `import type`s the session user and the payloads.
 *
 * The request and reply shapes are zod schemas (schemas.ts): a web app imports only types from here (and catalog.ts
 * at runtime), so its first load does not carry zod. Patterns are plain names; the bus namespace
 * (AFYA_BUS) is put in front where a subject is used (`subject(AuthPatterns.login)`).
 */

import type { z } from 'zod';
import type {
  AdminUserEntrySchema,
  AdminUserListReplySchema,
  AdminUserReplySchema,
  ChangePasswordBodySchema,
  ChangePasswordReplySchema,
  CreateUserReplySchema,
  MessageReplySchema,
  ErasureListReplySchema,
  ErasureReplySchema,
  ErasureRequestViewSchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  ListUsersPayloadSchema,
  LoginReplySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  Role,
  SessionUserSchema,
  UpdateProfileBodySchema,
  UploadPictureReplySchema,
  UserReplySchema,
} from './schemas';

import type { PayloadOf } from '@afya/service-shared/calls';
import type { AuthCalls } from './calls';
import type { Language } from './catalog';
import type { FamilyMemberKind, FamilyScope } from './family';

export * from './catalog';
export * from './family';
export * from './ussd-pin';
export * from './schemas';
export * from './patterns';
export * from './calls';

/** What a client sends (the schemas' input): the web forms' types. */
export type RegisterBody = z.input<typeof RegisterBodySchema>;
export type LoginBody = z.input<typeof LoginBodySchema>;
export type UpdateProfileBody = z.input<typeof UpdateProfileBodySchema>;
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;
export type ResetPasswordBody = z.input<typeof ResetPasswordBodySchema>;

/** Core NATS broadcasts (every gateway replica hears them): a token or a user's sessions were revoked. */
export const AuthBroadcasts = {
  revocation: 'broadcast.auth.v1.revocation',
} as const;

/** Domain events (JetStream, through the outbox). */
export const AuthEvents = {
  registered: 'auth.user.registered.v1',
  updated: 'auth.user.updated.v1',
  deleted: 'auth.user.deleted.v1',
  sessionsRevoked: 'auth.user.sessions-revoked.v1',
  /** A family link became active or ended (FamilyLinkEventData; issue 36, decision 0118). */
  familyLinkChanged: 'auth.family.link-changed.v1',
} as const;


/**
 * How the bus carries bytes (a profile picture): base64 inline, or the name of a short-lived blob. The same
 * shape as @afya/service-shared's BinaryRef, written here so the contract imports nothing.
 */
export type BinaryRef = { inline: string } | { blob: string };


/** The signed-in user as the browser keeps it (CONTRACT.md §3). */
export type SessionUser = z.output<typeof SessionUserSchema>;

/** A row of the admin user list (CONTRACT.md §3, "Admin user list entry"). */
export type AdminUserEntry = z.output<typeof AdminUserEntrySchema>;

/**
 * Event payload for user.registered / user.updated / user.deleted: the account fields other services may keep.
 * `erased`: on user.deleted, the account was erased (an approved erasure or an admin's deletion): the fields are
 * already anonymised, and each service drops the person's direct identifiers and cancels what lies ahead.
 */
export type UserEventData = Pick<SessionUser, 'user_id' | 'firstname' | 'lastname' | 'email' | 'role' | 'status' | 'contact_phone' | 'language'> & { erased?: boolean };

/**
 * Event payload for family.link-changed: a carer's link to a member as it now is. Published when a link becomes
 * active (a child added, an invitation accepted) and when it ends (either side, an erasure, a newer link replacing it);
 * a pending or declined invitation is never published. `ends_on`: a child's 18th birthday (YYYY-MM-DD, Nairobi), from
 * whose start the link grants nothing; null for a linked adult. An ended link never becomes active again.
 */
export interface FamilyLinkEventData {
  link_id: number;
  kind: FamilyMemberKind;
  carer_user_id: number;
  member_user_id: number;
  scopes: FamilyScope[];
  status: 'active' | 'ended';
  ends_on: string | null;
}

// ---- Data rights ----

export type ErasureStatus = 'pending' | 'approved' | 'rejected';
export type ErasureRequestView = z.output<typeof ErasureRequestViewSchema>;
export type RequestErasurePayload = PayloadOf<typeof AuthCalls.requestErasure>;
/** Family care's bus payloads, as the gateway forwards them (issue 36). */
export type AcceptInvitationPayload = PayloadOf<typeof AuthCalls.acceptInvitation>;
export type DeclineInvitationPayload = PayloadOf<typeof AuthCalls.declineInvitation>;
export type EndMemberLinkPayload = PayloadOf<typeof AuthCalls.endMemberLink>;
export type EndCarerLinkPayload = PayloadOf<typeof AuthCalls.endCarerLink>;
export type ErasureReply = z.output<typeof ErasureReplySchema>;
export type ErasureListPayload = PayloadOf<typeof AuthCalls.listErasures>;
export type ErasureListReply = z.output<typeof ErasureListReplySchema>;
export type DecideErasurePayload = PayloadOf<typeof AuthCalls.decideErasure>;
/** The account's part of a data export: what auth holds about the caller (never the password hash). */
export interface AccountExportReply {
  account: SessionUser & { created_at: string; last_login: string | null; has_profile_picture: boolean };
  erasure_requests: ErasureRequestView[];
  /** Password reset requests: when, how the code was sent and whether it was used (never the code or its hash). */
  password_resets: { channel: string; requested_at: string; expires_at: string; used_at: string | null; attempts: number }[];
  /** Sessions signed out (their tokens refused until they would have expired): the token's id and that expiry. */
  signed_out_sessions: { token_id: string; valid_until: string }[];
  /**
   * Family care (issue 36): the caller's family links, as carer and as member (each side receives the link), the
   * consents they gave with the text and version, and, for a child's profile, the date of birth.
   */
  family: {
    links: {
      link_id: number;
      role: 'carer' | 'member';
      other_person_id: number | null;
      invited_phone: string | null;
      kind: string;
      relationship: string;
      scopes_asked: string[];
      scopes: string[];
      status: string;
      ended_reason: string | null;
      created_at: string;
      responded_at: string | null;
      ended_at: string | null;
    }[];
    consents: { link_id: number; member_id: number; text_version: string; text: string; given_at: string }[];
    dependant: { date_of_birth: string; added_by: number } | null;
  };
}

export type RegisterPayload = z.output<typeof RegisterBodySchema>;

export type LoginPayload = z.output<typeof LoginBodySchema>;

/** GET /user/profile, PATCH /user/profile, POST /auth/register. */
export type UserReply = z.output<typeof UserReplySchema>;

/** POST /user/profile-picture: where the browser loads the new picture. */
export type UploadPictureReply = z.output<typeof UploadPictureReplySchema>;

/** GET /admin/users: one page of the matching users (newest first) and how many match. */
/** GET /admin/users: the page under `users` and, the same list, under `data` (clients read either). */
export type AdminUserListReply = z.output<typeof AdminUserListReplySchema>;

/** Admin user list paging: a call without a limit gets up to this many users (newest first)... */
export const ADMIN_USERS_PAGE_DEFAULT = 1000;
/** PUT and PATCH /admin/users/{id} */
export type AdminUserReply = z.output<typeof AdminUserReplySchema>;

export type LoginReply = z.output<typeof LoginReplySchema>;

export interface LogoutPayload {
  jti: string;
  exp: number;
}

export type UpdateProfilePayload = z.output<typeof UpdateProfileBodySchema>;

export type ChangePasswordPayload = z.output<typeof ChangePasswordBodySchema>;

/** Forgot password: an email (a reset link goes there) or a phone (a 6-digit code by SMS). */
export type ForgotPasswordPayload = z.output<typeof ForgotPasswordBodySchema>;

/** Reset: a link's token, or the phone and its code; then the new password. */
export type ResetPasswordPayload = z.output<typeof ResetPasswordBodySchema>;

export type PasswordResetReply = z.output<typeof MessageReplySchema>;

/**
 * A password-reset message for the support service to send at once (support.v1.notifications.password-reset): to whom,
 * and the link or code. Auth sends it itself, after it has answered auth.v1.password.forgot (see ForgotPasswordReply);
 * it never travels over HTTP and is stored nowhere (only its hash, in auth).
 */
export interface PasswordResetDelivery {
  user_id: number;
  channel: 'email' | 'sms';
  /** the email address or the phone number in +254 form */
  to: string;
  firstname: string;
  /** email: the reset page's link with the token */
  link?: string;
  /** sms: the 6-digit code */
  code?: string;
  /** The account's language: the message is written in it. */
  language: Language;
}

/**
 * auth.v1.password.forgot's reply: the one message for the browser, given once the request is stored and before
 * anything depends on whether an account matched (the same work and the same time either way: no account enumeration
 * by timing). Auth then looks the account up and has the support service send the link or code.
 * `delivery` came from releases before that, which left the sending to the gateway; none is sent any more.
 */
export type ForgotPasswordReply = z.output<typeof MessageReplySchema> & {
  /** @deprecated only an auth service of an older release sends it (the gateway forwards it during a rollout). */
  delivery?: PasswordResetDelivery | null;
};

/** A password change revokes older tokens, so the reply carries a fresh session. */
export type ChangePasswordReply = z.output<typeof ChangePasswordReplySchema> & { revocation: Revocation };

/** The gateway decodes the browser's data URL; the bytes travel as a BinaryRef (inline or blob). */
export interface UploadPicturePayload {
  image: BinaryRef;
}

/** auth.getPicture's payload: the picture's id (the gateway's file route sends it; not a declared call). */
export interface PicturePayload {
  id: string;
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

export type ListUsersPayload = z.output<typeof ListUsersPayloadSchema>;

/** POST /admin/users as the service reads it: the phone under contact_phone, role and status defaulted. */
export type CreateUserPayload = PayloadOf<typeof AuthCalls.createUser>;

export type CreateUserReply = z.output<typeof CreateUserReplySchema>;

/** PUT and PATCH /admin/users/{id}: `{ id, changes }`. */
export type UpdateUserPayload = PayloadOf<typeof AuthCalls.updateUser>;

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

/** Family care (issue 36): GET /family's reply and its parts, the bodies the family screens send. */
export type FamilyReply = z.output<typeof import('./schemas').FamilyReplySchema>;
export type FamilyMember = z.output<typeof import('./schemas').FamilyMemberSchema>;
export type FamilyInvitation = z.output<typeof import('./schemas').FamilyInvitationSchema>;
export type FamilyCarer = z.output<typeof import('./schemas').FamilyCarerSchema>;
export type AddDependantBody = z.input<typeof import('./schemas').AddDependantBodySchema>;
export type InviteBody = z.input<typeof import('./schemas').InviteBodySchema>;
/** auth.v1.family.access: what a service asks before acting for a member, and the answer. */
export type FamilyAccessPayload = z.input<typeof import('./schemas').FamilyAccessPayloadSchema>;
export type FamilyAccessReply = z.output<typeof import('./schemas').FamilyAccessReplySchema>;

/** The USSD PIN (issue 42): the bodies and replies, and the gateway's USSD sign-in over the bus. */
export type UssdPinBody = z.input<typeof import('./schemas').UssdPinBodySchema>;
export type UssdPinPayload = PayloadOf<typeof AuthCalls.setUssdPin>;
export type UssdPinStatusReply = z.output<typeof import('./schemas').UssdPinStatusReplySchema>;
export type UssdSignInPayload = z.input<typeof import('./schemas').UssdSignInPayloadSchema>;
export type UssdSignInReply = z.output<typeof import('./schemas').UssdSignInReplySchema>;

/**
 * The auth service's HTTP calls, each declared once (issue 34; the kit: @afya/service-shared/calls): the gateway serves
 * each from its declaration (route, roles, validation, forwarding to `subject`), /api/docs documents it, and the
 * browser calls it through `calls.auth.<name>` with the reply typed from its schema.
 *
 * Sign-in, registration and the password reset are public (`public`), and the gateway rate-limits them; sign-out and
 * the password change have the gateway apply the revocation the reply carries, the picture upload has it hand the bytes
 * to the file transfer (gateway/src/modules/auth/auth.calls.ts). Still controller methods in the gateway
 * (docs/decisions/0095-one-declaration-per-call.md, "Migration plan"): the profile picture itself (a public image out)
 * and the data exports (files).
 */
import { bodyOf, call, queryOf, reply } from '@afya/service-shared/calls';
import { idParam, z } from '@afya/service-shared/schema';
import { AuthPatterns } from './patterns';
import {
  AdminUserListReplySchema,
  AdminUserReplySchema,
  ChangePasswordBodySchema,
  ChangePasswordReplySchema,
  CreateUserBodySchema,
  CreateUserReplySchema,
  AcceptInvitationBodySchema,
  AddDependantBodySchema,
  DecideErasureBodySchema,
  FamilyMemberReplySchema,
  FamilyReplySchema,
  InviteBodySchema,
  ErasureListQuerySchema,
  ErasureListReplySchema,
  ErasureReplySchema,
  ForgotPasswordBodySchema,
  ListUsersQuerySchema,
  LoginBodySchema,
  LoginReplySchema,
  MessageReplySchema,
  ProfilePictureBodySchema,
  RegisterBodySchema,
  RequestErasureBodySchema,
  ResetPasswordBodySchema,
  UpdateProfileBodySchema,
  UpdateUserBodySchema,
  UploadPictureReplySchema,
  UserReplySchema,
  UssdPinBodySchema,
  UssdPinStatusReplySchema,
} from './schemas';

/** 'all' and '' in the admin's user list filters: no filter. */
const orUndefined = <T extends string>(value: T | 'all' | '' | undefined) => (value && value !== 'all' ? value : undefined);

/** The user list's query as auth.v1.users.list reads it. */
const ListUsersQuery = ListUsersQuerySchema.transform((query) => ({
  search: query.search,
  role: orUndefined(query.role),
  status: orUndefined(query.status),
  page: query.page,
  limit: query.limit,
}));

/** The phone arrives as contact_phone or phone (the first given is read, and it passed the phone rule). */
const CreateUserBody = CreateUserBodySchema.transform(({ phone, contact_phone, ...rest }) => ({
  ...rest,
  contact_phone: contact_phone ?? (phone as string),
  role: rest.role ?? 'user',
  status: rest.status ?? 'active',
}));

/** An edit goes to the service as `{ id, changes }`. */
const UpdateUserBody = UpdateUserBodySchema.transform(({ phone, contact_phone, ...rest }) => {
  const either = contact_phone ?? (phone as string | undefined);
  return { changes: { ...rest, ...(either ? { contact_phone: either } : {}) } };
});
const user = z.object({ id: idParam });
const family = (route: { method: 'GET' | 'POST' | 'DELETE'; path: `/${string}`; summary: string; successStatus?: number }) =>
  call.route({ ...route, tags: ['family'] });

export const AuthCalls = {
  /** Public, rate limited. */
  register: call
    .route({ method: 'POST', path: '/auth/register', successStatus: 201, tags: ['auth'], summary: 'Register a patient or doctor account' })
    .meta({ subject: AuthPatterns.register, public: true })
    .input(z.object({ body: bodyOf(RegisterBodySchema) }))
    .output(reply(UserReplySchema)),

  /** Public, rate limited. */
  login: call
    .route({ method: 'POST', path: '/auth/login', successStatus: 200, tags: ['auth'], summary: 'Sign in with email and password' })
    .meta({ subject: AuthPatterns.login, public: true })
    .input(z.object({ body: bodyOf(LoginBodySchema) }))
    .output(reply(LoginReplySchema)),

  /**
   * Forgot password: the same answer, in the same time, whether or not an account matched; public, rate limited like
   * sign-in. The link or code never comes back over HTTP.
   */
  forgotPassword: call
    .route({ method: 'POST', path: '/auth/forgot-password', successStatus: 200, tags: ['auth'], summary: 'Ask for a password reset link or code' })
    .meta({ subject: AuthPatterns.forgotPassword, public: true })
    .input(z.object({ body: bodyOf(ForgotPasswordBodySchema) }))
    .output(reply(MessageReplySchema)),

  /** A link's token, or a phone and its code, and the new password: single use; every session of the account ends. */
  resetPassword: call
    .route({ method: 'POST', path: '/auth/reset-password', successStatus: 200, tags: ['auth'], summary: "Set a new password with a reset link's token or a phone code" })
    .meta({ subject: AuthPatterns.resetPassword, public: true })
    .input(z.object({ body: bodyOf(ResetPasswordBodySchema) }))
    .output(reply(MessageReplySchema)),

  /** This token is refused from now on, by every gateway replica. */
  logout: call
    .route({ method: 'POST', path: '/auth/logout', successStatus: 200, tags: ['auth'], summary: 'Sign out: this token is refused from now on' })
    .meta({ subject: AuthPatterns.logout, allowedBeforePasswordChange: true })
    .input(z.object({}))
    .output(reply(MessageReplySchema)),

  /** Every older token of the user is refused; a fresh session comes back. */
  changePassword: call
    .route({ method: 'POST', path: '/user/change-password', successStatus: 200, tags: ['user'], summary: 'Change the password; older tokens are refused, a fresh session is returned' })
    .meta({ subject: AuthPatterns.changePassword, allowedBeforePasswordChange: true })
    .input(z.object({ body: bodyOf(ChangePasswordBodySchema) }))
    .output(reply(ChangePasswordReplySchema)),

  /** A data URL (FileReader.readAsDataURL) or bare base64, at most 2 MB decoded. */
  uploadPicture: call
    .route({ method: 'POST', path: '/user/profile-picture', successStatus: 200, tags: ['user'], summary: 'Upload a profile picture (a data URL, at most 2 MB)' })
    .meta({ subject: AuthPatterns.uploadPicture })
    .input(z.object({ body: bodyOf(ProfilePictureBodySchema) }))
    .output(reply(UploadPictureReplySchema)),

  /** The signed-in user (also while the one-time password still has to be changed). */
  profile: call
    .route({ method: 'GET', path: '/user/profile', tags: ['user'], summary: 'The signed-in user' })
    .meta({ subject: AuthPatterns.getProfile, allowedBeforePasswordChange: true })
    .input(z.object({}))
    .output(reply(UserReplySchema)),

  /** The fields present are held to the registration rules. */
  updateProfile: call
    .route({ method: 'PATCH', path: '/user/profile', tags: ['user'], summary: "Change the signed-in user's profile" })
    .meta({ subject: AuthPatterns.updateProfile })
    .input(z.object({ body: bodyOf(UpdateProfileBodySchema) }))
    .output(reply(UserReplySchema)),

  /** The caller's latest erasure request, or null. */
  erasureStatus: call
    .route({ method: 'GET', path: '/user/erasure-request', tags: ['data rights'], summary: "The caller's latest erasure request" })
    .meta({ subject: AuthPatterns.erasureStatus })
    .input(z.object({}))
    .output(reply(ErasureReplySchema)),

  /** A patient (or doctor) asks for their account's erasure; an admin decides. */
  requestErasure: call
    .route({ method: 'POST', path: '/user/erasure-request', successStatus: 201, tags: ['data rights'], summary: "Ask for the caller's account to be erased" })
    .meta({ subject: AuthPatterns.requestErasure, roles: ['user', 'doctor'] })
    .input(z.object({ body: bodyOf(RequestErasureBodySchema) }))
    .output(reply(ErasureReplySchema)),

  listErasures: call
    .route({ method: 'GET', path: '/admin/erasure-requests', tags: ['data rights'], summary: 'Erasure requests (admins)' })
    .meta({ subject: AuthPatterns.listErasures, roles: ['admin'] })
    .input(z.object({ query: queryOf(ErasureListQuerySchema) }))
    .output(reply(ErasureListReplySchema)),

  /** Approve (the account is erased at once) or reject. */
  decideErasure: call
    .route({ method: 'PATCH', path: '/admin/erasure-requests/{id}', tags: ['data rights'], summary: 'Approve or reject an erasure request (admins)' })
    .meta({ subject: AuthPatterns.decideErasure, roles: ['admin'] })
    .input(z.object({ params: z.object({ id: idParam }), body: bodyOf(DecideErasureBodySchema) }))
    .output(reply(ErasureReplySchema)),

  listUsers: call
    .route({ method: 'GET', path: '/admin/users', tags: ['admin'], summary: 'Users, one page, searched and filtered (admins)' })
    .meta({ subject: AuthPatterns.listUsers, roles: ['admin'] })
    .input(z.object({ query: queryOf(ListUsersQuery) }))
    .output(reply(AdminUserListReplySchema)),

  /** Answers with a random one-time password, shown once; the user must change it at first login. */
  createUser: call
    .route({ method: 'POST', path: '/admin/users', successStatus: 201, tags: ['admin'], summary: 'Create a user with a random one-time password, shown once (admins)' })
    .meta({ subject: AuthPatterns.createUser, roles: ['admin'] })
    .input(z.object({ body: bodyOf(CreateUserBody) }))
    .output(reply(CreateUserReplySchema)),

  replaceUser: call
    .route({ method: 'PUT', path: '/admin/users/{id}', tags: ['admin'], summary: "Replace a user's details (admins)" })
    .meta({ subject: AuthPatterns.updateUser, roles: ['admin'] })
    .input(z.object({ params: user, body: bodyOf(UpdateUserBody) }))
    .output(reply(AdminUserReplySchema)),

  updateUser: call
    .route({ method: 'PATCH', path: '/admin/users/{id}', tags: ['admin'], summary: "Change some of a user's details (admins)" })
    .meta({ subject: AuthPatterns.updateUser, roles: ['admin'] })
    .input(z.object({ params: user, body: bodyOf(UpdateUserBody) }))
    .output(reply(AdminUserReplySchema)),

  /** An admin deletes an account (it is erased). */
  deleteUser: call
    .route({ method: 'DELETE', path: '/admin/users/{id}', tags: ['admin'], summary: 'Delete a user (admins)' })
    .meta({ subject: AuthPatterns.deleteUser, roles: ['admin'] })
    .input(z.object({ params: z.object({ id: idParam }) }))
    .output(reply(MessageReplySchema)),

  // ---- Family care (issue 36): patients only; docs/decisions/0110-family-graph-in-auth.md ----

  /** The caller's members (children, linked adults, invitations they sent), invitations sent to them, and their carers. */
  family: family({ method: 'GET', path: '/family', summary: "The caller's family: members, invitations to them, their carers" })
    .meta({ subject: AuthPatterns.family, roles: ['user'] })
    .input(z.object({}))
    .output(reply(FamilyReplySchema)),

  /** A child (under 18, no login), with the carer's consent stored with its text version and time. */
  addDependant: family({ method: 'POST', path: '/family/dependants', successStatus: 201, summary: 'Add a child the caller cares for, with consent' })
    .meta({ subject: AuthPatterns.addDependant, roles: ['user'] })
    .input(z.object({ body: bodyOf(AddDependantBodySchema) }))
    .output(reply(FamilyMemberReplySchema)),

  /** "Invitation sent" whether or not the phone has an account; at most 10 waiting and 20 a day. */
  invite: family({ method: 'POST', path: '/family/invitations', successStatus: 201, summary: 'Invite another adult by phone to link as family' })
    .meta({ subject: AuthPatterns.invite, roles: ['user'] })
    .input(z.object({ body: bodyOf(InviteBodySchema) }))
    .output(reply(MessageReplySchema)),

  acceptInvitation: family({ method: 'POST', path: '/family/invitations/{id}/accept', summary: 'Accept an invitation, granting some or all of the scopes asked' })
    .meta({ subject: AuthPatterns.acceptInvitation, roles: ['user'] })
    .input(z.object({ params: z.object({ id: idParam }), body: bodyOf(AcceptInvitationBodySchema) }))
    .output(reply(MessageReplySchema)),

  declineInvitation: family({ method: 'POST', path: '/family/invitations/{id}/decline', summary: 'Decline an invitation' })
    .meta({ subject: AuthPatterns.declineInvitation, roles: ['user'] })
    .input(z.object({ params: z.object({ id: idParam }) }))
    .output(reply(MessageReplySchema)),

  /** The carer ends their link to a member (or withdraws an invitation they sent): access stops at once. */
  endMemberLink: family({ method: 'DELETE', path: '/family/members/{member_id}', summary: 'End the link to a member (the carer)' })
    .meta({ subject: AuthPatterns.endMemberLink, roles: ['user'] })
    .input(z.object({ params: z.object({ member_id: idParam }) }))
    .output(reply(MessageReplySchema)),

  /** The linked adult ends a carer's link to them: access stops at once. */
  endCarerLink: family({ method: 'DELETE', path: '/family/carers/{link_id}', summary: "End a carer's link to the caller (the linked adult)" })
    .meta({ subject: AuthPatterns.endCarerLink, roles: ['user'] })
    .input(z.object({ params: z.object({ link_id: idParam }) }))
    .output(reply(MessageReplySchema)),

  // ---- The USSD PIN (issue 42): patients only; docs/decisions/0112-ussd-callback-in-the-gateway.md ----

  /** Whether the caller has a USSD PIN and whether USSD is locked for them now. */
  ussdPinStatus: call
    .route({ method: 'GET', path: '/user/ussd-pin', tags: ['user'], summary: 'Whether the caller has a USSD PIN (never the PIN)' })
    .meta({ subject: AuthPatterns.ussdPinStatus, roles: ['user'] })
    .input(z.object({}))
    .output(reply(UssdPinStatusReplySchema)),

  /** Sets or replaces the PIN (stored hashed); a lock from wrong tries ends. */
  setUssdPin: call
    .route({ method: 'PUT', path: '/user/ussd-pin', tags: ['user'], summary: 'Set or change the USSD PIN (4 digits)' })
    .meta({ subject: AuthPatterns.ussdPinSet, roles: ['user'] })
    .input(z.object({ body: bodyOf(UssdPinBodySchema) }))
    .output(reply(UssdPinStatusReplySchema)),

  /** USSD is off for the account until a PIN is set again. */
  removeUssdPin: call
    .route({ method: 'DELETE', path: '/user/ussd-pin', tags: ['user'], summary: 'Remove the USSD PIN (USSD is off until one is set)' })
    .meta({ subject: AuthPatterns.ussdPinRemove, roles: ['user'] })
    .input(z.object({}))
    .output(reply(UssdPinStatusReplySchema)),
};

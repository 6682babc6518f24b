/**
 * The auth service's HTTP calls, each declared once (issue 34; the kit: @afya/service-shared/calls): the gateway serves
 * each from its declaration (route, roles, validation, forwarding to `subject`), /api/docs documents it, and the
 * browser calls it through `calls.auth.<name>` with the reply typed from its schema.
 *
 * Still controller methods in the gateway (docs/decisions/0095-one-declaration-per-call.md, "Migration plan"): sign-in,
 * registration, forgotten and reset passwords (public and rate limited), sign-out and the password change (the gateway
 * applies the revocation the reply carries), the profile picture (bytes in, a public image out), the data exports
 * (files), and the admin's user list, creation and edits (the gateway reshapes their payloads for the service).
 */
import { bodyOf, call, queryOf, reply } from '@afya/service-shared/calls';
import { idParam, z } from '@afya/service-shared/schema';
import { AuthPatterns } from './patterns';
import {
  DecideErasureBodySchema,
  ErasureListQuerySchema,
  ErasureListReplySchema,
  ErasureReplySchema,
  MessageReplySchema,
  RequestErasureBodySchema,
  UpdateProfileBodySchema,
  UserReplySchema,
} from './schemas';

export const AuthCalls = {
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

  /** An admin deletes an account (it is erased). */
  deleteUser: call
    .route({ method: 'DELETE', path: '/admin/users/{id}', tags: ['admin'], summary: 'Delete a user (admins)' })
    .meta({ subject: AuthPatterns.deleteUser, roles: ['admin'] })
    .input(z.object({ params: z.object({ id: idParam }) }))
    .output(reply(MessageReplySchema)),
};

/**
 * The auth calls' request bodies and replies, each written once (zod): the gateway validates and documents with them,
 * the auth service reads its bus payloads with them, the web apps take their types from them. Messages are the
 * catalog's (CONTRACT.md §5). Rules that need the database (a taken email, the current password) stay in the service.
 *
 * Field order is the form's order: a request with several faults is answered with the first field's message.
 */
import { isFreeOfMarkup, isSingleLine, nullToAbsent, oneOf, singleLine, wholeNumber, z } from '@afya/service-shared/schema';
import { AuthMessages, ErasureMessages, LANGUAGES, MIN_ADDRESS_LENGTH, MIN_NAME_LENGTH, MIN_PASSWORD_LENGTH, MIN_PHONE_LENGTH, validName, validPhone } from './catalog';
import {
  ADULT_RELATIONSHIPS,
  DEPENDANT_CONSENT,
  DEPENDANT_RELATIONSHIPS,
  FAMILY_ENDED_REASONS,
  FAMILY_LINK_STATUSES,
  FAMILY_MEMBER_KINDS,
  FAMILY_SCOPES,
  FamilyMessages,
  isCalendarDate,
  normalScopes,
  scopesProblem,
} from './family';
import { isGuessableUssdPin, isUssdPinFormat, UssdPinMessages } from './ussd-pin';

/** CONTRACT.md §1: 'user' is a patient. */
export const ROLES = ['user', 'doctor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

const email = z.email({ error: AuthMessages.email }).meta({ example: 'patient@afya.test' });
const password = z
  .string({ error: AuthMessages.password })
  .min(MIN_PASSWORD_LENGTH, AuthMessages.password)
  .max(200, 'Password is too long')
  .meta({ minLength: MIN_PASSWORD_LENGTH });
/**
 * Names, phones and the address are single-line fields: no line break or other control character (the first rule
 * checked, so such input gets that message). Names also refuse `<` and `>` (docs/decisions/0092-single-line-fields.md).
 */
const nameRules = { firstname: [AuthMessages.firstnameOneLine, AuthMessages.firstnameMarkup], lastname: [AuthMessages.lastnameOneLine, AuthMessages.lastnameMarkup] } as const;
const oneLineName = (field: keyof typeof nameRules, text: z.ZodString) => text.refine(isSingleLine, nameRules[field][0]).refine(isFreeOfMarkup, nameRules[field][1]);
const personName = (field: keyof typeof nameRules, notText: string) => oneLineName(field, z.string({ error: notText }));
const name = (field: keyof typeof nameRules, short: string, tooLong: string) => personName(field, short).min(MIN_NAME_LENGTH, short).max(100, tooLong).refine(validName, short);
const phone = singleLine(AuthMessages.phoneOneLine, AuthMessages.phone).min(MIN_PHONE_LENGTH, AuthMessages.phone).max(20, 'Phone number is too long');
const address = singleLine(AuthMessages.addressOneLine, AuthMessages.address).min(MIN_ADDRESS_LENGTH, AuthMessages.address).max(300, 'Address is too long');
/** class-validator's default texts, kept for the fields whose rule names no message (clients may match on them). */
const text = (field: string, max?: number) => {
  const base = z.string({ error: `${field} must be a string` });
  return max === undefined ? base : base.max(max, `${field} must be shorter than or equal to ${max} characters`);
};

// ---- Requests ----

export const LoginBodySchema = z.object({ email, password });

/**
 * POST /auth/register. People registering give an address; an admin registering someone may leave it out (the
 * service checks that, it knows the caller) and sets role and status, which are ignored for anyone else.
 */
export const RegisterBodySchema = z.object({
  firstname: name('firstname', AuthMessages.firstname, 'First name is too long').meta({ example: 'Amani' }),
  lastname: name('lastname', AuthMessages.lastname, 'Last name is too long').meta({ example: 'Otieno' }),
  email,
  password,
  contact_phone: phone.meta({ example: '+254712345678' }),
  address: nullToAbsent(address).meta({
    example: 'Ngong Road, Kilimani, Nairobi',
    description: `At least ${MIN_ADDRESS_LENGTH} characters; required unless an admin registers someone`,
  }),
  role: nullToAbsent(oneOf(ROLES, AuthMessages.role)).meta({ description: 'Honoured only when an admin registers someone' }),
  status: nullToAbsent(oneOf(USER_STATUSES, AuthMessages.status)).meta({ description: 'Honoured only when an admin registers someone' }),
  language: nullToAbsent(z.enum(LANGUAGES, { error: AuthMessages.language })).meta({
    description: "The language the person reads Afya in (emails, SMS, PDFs). Left out: the request's Accept-Language (en or sw), else en",
  }),
});

/** PATCH /user/profile: the fields present are held to the registration rules. */
export const UpdateProfileBodySchema = z.object({
  firstname: oneLineName('firstname', text('firstname')).min(1, 'First name is required').max(100, 'First name is too long').refine(validName, AuthMessages.firstname).optional(),
  lastname: oneLineName('lastname', text('lastname')).min(1, 'Last name is required').max(100, 'Last name is too long').refine(validName, AuthMessages.lastname).optional(),
  contact_phone: text('contact_phone').refine(isSingleLine, AuthMessages.phoneOneLine).max(20, 'Phone number is too long').refine(validPhone, AuthMessages.phone).optional(),
  address: text('address')
    .refine(isSingleLine, AuthMessages.addressOneLine)
    .max(300, 'Address is too long')
    .refine((value) => value.trim().length >= MIN_ADDRESS_LENGTH, AuthMessages.address)
    .optional(),
  profile_picture_url: text('profile_picture_url').optional().meta({ description: 'Set by upload; an empty string removes the picture' }),
  language: z.enum(LANGUAGES, { error: AuthMessages.language }).optional().meta({ description: 'The language emails, SMS and PDFs are written in' }),
});

export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: password,
});

export const ProfilePictureBodySchema = z.object({
  imageBase64: z
    .string({ error: 'Please choose an image' })
    .min(1, 'Please choose an image')
    .max(2_800_000, 'Profile picture must be 2 MB or smaller')
    .meta({ description: 'A data URL (data:image/png;base64,...) of a JPEG, PNG or WebP image up to 2 MB' }),
});

/** POST /auth/forgot-password: an email (a link), or a phone (a 6-digit code by SMS). */
export const ForgotPasswordBodySchema = z.object({
  email: nullToAbsent(email),
  phone: nullToAbsent(singleLine(AuthMessages.phoneOneLine, AuthMessages.resetNeedsEmailOrPhone).max(30, 'Phone number is too long')).meta({ example: '0712345678' }),
});

/** POST /auth/reset-password: the link's token, or the phone and its code; the new password. */
export const ResetPasswordBodySchema = z.object({
  token: nullToAbsent(text('token', 100)),
  phone: nullToAbsent(text('phone', 30).refine(isSingleLine, AuthMessages.phoneOneLine)),
  code: nullToAbsent(text('code', 10)).meta({ example: '123456' }),
  newPassword: password,
});

// ---- Replies ----

export const SessionUserSchema = z.object({
  user_id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  contact_phone: z.string().nullable(),
  address: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  must_change_password: z.boolean().meta({ description: 'The one-time password must be changed before anything else' }),
  language: z.enum(LANGUAGES).meta({ description: 'The language the person reads Afya in: their emails, SMS and PDFs follow it; the web apps start with it' }),
});

export const UserReplySchema = z.object({ user: SessionUserSchema });
export const LoginReplySchema = z.object({ token: z.string(), user: SessionUserSchema });
export const UploadPictureReplySchema = z.object({ url: z.string(), user: SessionUserSchema });
export const MessageReplySchema = z.object({ message: z.string() });
/** POST /user/change-password: older tokens are refused, so a fresh session comes back. */
export const ChangePasswordReplySchema = z.object({ message: z.string(), token: z.string(), user: SessionUserSchema });

/** A row of the admin user list (CONTRACT.md §3, "Admin user list entry"). */
export const AdminUserEntrySchema = SessionUserSchema.extend({
  id: z.number().int(),
  phone: z.string().nullable(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  appointments_count: z.number().int(),
});
/** GET /admin/users: the page under `users` and, the same list, under `data` (clients read either). */
export const AdminUserListReplySchema = z.object({
  users: z.array(AdminUserEntrySchema),
  data: z.array(AdminUserEntrySchema),
  total: z.number().int().meta({ description: "Exact up to 10,000 matches; above that PostgreSQL's estimate, and totalIsEstimate is true" }),
  totalIsEstimate: z.boolean().optional(),
  page: z.number().int(),
  limit: z.number().int(),
});
/** PUT and PATCH /admin/users/{id} */
export const AdminUserReplySchema = z.object({ user: AdminUserEntrySchema });
/** POST /admin/users: the one-time password is shown once; the user must change it at first login. */
export const CreateUserReplySchema = z.object({ user: AdminUserEntrySchema, temporaryPassword: z.string() });

// ---- The admin's user management (GET/POST /admin/users, PUT/PATCH /admin/users/{id}) ----

/** No page of the admin's user list holds more. */
export const ADMIN_USERS_PAGE_MAX = 1000;
const LIMIT_MESSAGE = `limit must be from 1 to ${ADMIN_USERS_PAGE_MAX}`;
const adminName = (field: keyof typeof nameRules, short: string, tooLong: string) => personName(field, short).min(MIN_NAME_LENGTH, short).max(100, tooLong);

const adminUserFields = {
  firstname: adminName('firstname', AuthMessages.firstname, 'First name is too long'),
  lastname: adminName('lastname', AuthMessages.lastname, 'Last name is too long'),
  email: z.email({ error: AuthMessages.email }),
  /** The phone may arrive as contact_phone or phone (the first one given is read). */
  contact_phone: phone.optional(),
  phone: z.unknown().optional(),
  address: text('address').refine(isSingleLine, AuthMessages.addressOneLine).max(300, 'Address is too long').optional(),
  role: oneOf(ROLES, AuthMessages.role).optional().meta({ default: 'user' }),
  status: oneOf(USER_STATUSES, AuthMessages.status).optional().meta({ default: 'active' }),
};

/** `phone` is read (and held to the phone rule) only when contact_phone is not given; `needed`: one of them must be. */
function phoneFromEither(needed: boolean) {
  return (user: { contact_phone?: string; phone?: unknown }, context: z.RefinementCtx) => {
    if (user.contact_phone !== undefined || (!needed && user.phone === undefined)) return;
    const result = phone.safeParse(user.phone);
    if (!result.success) context.addIssue({ code: 'custom', path: ['phone'], message: result.error.issues[0].message });
  };
}

/** POST /admin/users (the admin user form, CONTRACT.md §5): role and status default to user and active. */
export const CreateUserBodySchema = z.object(adminUserFields).superRefine(phoneFromEither(true));
/** PUT and PATCH /admin/users/{id}: the same fields, each optional. */
export const UpdateUserBodySchema = z.object(adminUserFields).partial().superRefine(phoneFromEither(false));

const anyOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum([...values, '', 'all'], { error: message }).optional();
/** GET /admin/users: search (name or email), role, status ('all' or empty: any), page and limit. */
export const ListUsersQuerySchema = z.object({
  search: z.string({ error: 'search must be a string' }).max(100, 'Search is too long').optional().meta({ description: 'Matches name or email' }),
  role: anyOf(ROLES, AuthMessages.role),
  status: anyOf(USER_STATUSES, AuthMessages.status),
  page: wholeNumber('page must be 1 or more', { min: 1 }).optional().meta({ default: 1 }),
  limit: wholeNumber(LIMIT_MESSAGE, { min: 1, max: ADMIN_USERS_PAGE_MAX }).optional().meta({ default: ADMIN_USERS_PAGE_MAX }),
});
/** auth.v1.users.list: the query with 'all' and empty read as no filter. */
export const ListUsersPayloadSchema = ListUsersQuerySchema.extend({
  role: oneOf(ROLES, AuthMessages.role).optional(),
  status: oneOf(USER_STATUSES, AuthMessages.status).optional(),
});

// ---- Data rights (POST /user/erasure-request, GET and PATCH /admin/erasure-requests) ----

/** POST /user/erasure-request: why (optional, at most 500 characters). */
export const RequestErasureBodySchema = z.object({
  reason: z.string({ error: ErasureMessages.reasonTooLong }).max(500, ErasureMessages.reasonTooLong).nullish().meta({ description: 'Why (optional, at most 500 characters)' }),
});
/** PATCH /admin/erasure-requests/{id} */
export const DecideErasureBodySchema = z.object({ decision: z.enum(['approve', 'reject'], { error: ErasureMessages.decision }) });
/** GET /admin/erasure-requests */
export const ErasureListQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected'], { error: 'status must be pending, approved or rejected' }).optional(),
});

/** An erasure request as the patient and the admin see it (GET /user/erasure-request, GET /admin/erasure-requests). */
export const ErasureRequestViewSchema = z.object({
  request_id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string().meta({ description: "The account's name as it is now ('Erased user' once approved)" }),
  user_email: z.string().meta({ description: "The account's email as it is now" }),
  role: z.enum(ROLES),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.number().int().nullable(),
});
/** The caller's latest request (null: none), and a message after a change. */
export const ErasureReplySchema = z.object({ request: ErasureRequestViewSchema.nullable(), message: z.string().optional() });
export const ErasureListReplySchema = z.object({ requests: z.array(ErasureRequestViewSchema) });

// ---- Family care (issue 36; rules and messages: family.ts) ----

const familyName = z
  .string({ error: FamilyMessages.fullName })
  .refine(isSingleLine, FamilyMessages.fullNameOneLine)
  .refine(isFreeOfMarkup, FamilyMessages.fullNameOneLine)
  .max(200, FamilyMessages.fullName)
  .refine(validName, FamilyMessages.fullName);
const scopeList = z
  .unknown()
  .superRefine((value, ctx) => {
    const problem = scopesProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => normalScopes(value as string[]))
  .meta({ description: 'One or more of book, reminders, records', example: ['book', 'records'] });

/** POST /family/dependants: a child, with the carer's consent (the tick: `true`). */
export const AddDependantBodySchema = z.object({
  full_name: familyName.meta({ example: 'Baraka Otieno' }),
  date_of_birth: z.string({ error: FamilyMessages.dateOfBirth }).refine(isCalendarDate, FamilyMessages.dateOfBirth).meta({ description: 'YYYY-MM-DD; under 18 on the day (Africa/Nairobi)', example: '2019-04-02' }),
  relationship: oneOf(DEPENDANT_RELATIONSHIPS, FamilyMessages.relationship).meta({ description: 'Who the carer is to the child' }),
  consent: z.literal(true, { error: FamilyMessages.consent }).meta({ description: `Must be true: "${DEPENDANT_CONSENT.text}" (stored with its version and time)` }),
});

/** POST /family/invitations: another adult, by phone; the reply is the same whether or not the phone has an account. */
export const InviteBodySchema = z.object({
  phone: singleLine(FamilyMessages.phone, FamilyMessages.phone).refine(validPhone, FamilyMessages.phone).max(20, FamilyMessages.phone).meta({ example: '+254712345678' }),
  relationship: oneOf(ADULT_RELATIONSHIPS, FamilyMessages.relationship).meta({ description: 'Who the inviting patient is to the adult they invite' }),
  scopes: scopeList,
});

/** POST /family/invitations/{id}/accept: the scopes granted, some or all of those asked. */
export const AcceptInvitationBodySchema = z.object({ scopes: scopeList });

export const FamilyMemberSchema = z.object({
  member_id: z.number().int().nullable().meta({ description: "The member's id (their patient id); null while an invitation waits for an answer" }),
  link_id: z.number().int(),
  full_name: z.string().meta({ description: 'A pending invitation shows the phone it was sent to' }),
  date_of_birth: z.string().optional().meta({ description: 'Dependants only' }),
  relationship: z.string(),
  kind: z.enum(FAMILY_MEMBER_KINDS),
  scopes: z.array(z.enum(FAMILY_SCOPES)).meta({ description: 'What the carer may do now (a child: every scope until 18; an ended link: none)' }),
  status: z.enum(FAMILY_LINK_STATUSES),
  ended_reason: z.enum(FAMILY_ENDED_REASONS).optional(),
});
export const FamilyInvitationSchema = z.object({
  invitation_id: z.number().int(),
  from_name: z.string(),
  relationship: z.string(),
  scopes: z.array(z.enum(FAMILY_SCOPES)),
});
export const FamilyCarerSchema = z.object({
  link_id: z.number().int(),
  carer_name: z.string(),
  relationship: z.string(),
  scopes: z.array(z.enum(FAMILY_SCOPES)),
  status: z.enum(FAMILY_LINK_STATUSES),
});
export const FamilyReplySchema = z.object({
  members: z.array(FamilyMemberSchema),
  invitations: z.array(FamilyInvitationSchema).meta({ description: 'Invitations sent to the caller, waiting for an answer' }),
  carers: z.array(FamilyCarerSchema).meta({ description: 'The adults linked to the caller as their carers (the caller may end each link)' }),
});
export const FamilyMemberReplySchema = z.object({ member: FamilyMemberSchema, message: z.string() });

/** What another service asks before acting for a member (auth.v1.family.access): the carer's link, or 403/404. */
export const FamilyAccessPayloadSchema = z.object({ member_id: z.number().int().positive(), scope: z.enum(FAMILY_SCOPES) });
export const FamilyAccessReplySchema = z.object({
  member_id: z.number().int(),
  member_name: z.string(),
  kind: z.enum(FAMILY_MEMBER_KINDS),
  relationship: z.string(),
  carer_name: z.string(),
});

// ---- The USSD PIN (issue 42; ussd-pin.ts) ----

/** PUT /user/ussd-pin: the 4 digits the patient will type after dialling Afya's USSD code. */
export const UssdPinBodySchema = z.object({
  pin: z
    .string({ error: UssdPinMessages.pin })
    .refine(isUssdPinFormat, UssdPinMessages.pin)
    .refine((pin) => !isGuessableUssdPin(pin), UssdPinMessages.tooEasy)
    .meta({ description: 'Four digits; not one digit repeated nor a run such as 1234', example: '4071' }),
});
/** GET, PUT and DELETE /user/ussd-pin: whether a PIN is set (never the PIN) and until when USSD is locked. */
export const UssdPinStatusReplySchema = z.object({
  pin_set: z.boolean(),
  locked_until: z.string().nullable().meta({ description: 'After 3 wrong PINs in a row: USSD refuses the account until then (ISO 8601)' }),
  message: z.string().optional(),
});
/** auth.v1.ussd.sign-in (the gateway's USSD menu, not an HTTP call): the network's phone number, and the PIN once typed. */
export const UssdSignInPayloadSchema = z.object({
  phone: z.string().min(1).max(32),
  pin: z.string().max(16).optional(),
});
export const UssdSignInReplySchema = z.object({
  status: z.enum(['unknown', 'no_pin', 'locked', 'ready', 'wrong_pin', 'ok']),
  user_id: z.number().int().nullable(),
  firstname: z.string().nullable(),
  language: z.enum(LANGUAGES),
  tries_left: z.number().int().nullable(),
  locked_until: z.string().nullable(),
});

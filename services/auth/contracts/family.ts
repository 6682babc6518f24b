/**
 * Family care (issue 36): the rules of the family graph and the messages a person reads, as plain data and pure
 * functions (no imports), so the auth service, the other services and the web app's family screens read the same.
 *
 * Dates of birth are calendar dates; "today" is the clinic's day in Africa/Nairobi (UTC+3, no daylight saving), so a
 * child's link ends at 00:00 Nairobi time on their 18th birthday whatever the server's time zone.
 */

/** What a carer may do for a linked adult: `book` (book, reschedule, cancel and pay), `reminders`, `records`. */
export const FAMILY_SCOPES = ['book', 'reminders', 'records'] as const;
export type FamilyScope = (typeof FAMILY_SCOPES)[number];

/** Who the carer is to a child they add. */
export const DEPENDANT_RELATIONSHIPS = ['mother', 'father', 'guardian'] as const;
export type DependantRelationship = (typeof DEPENDANT_RELATIONSHIPS)[number];

/** Who the inviting patient is to the adult they invite ("I am their daughter"). */
export const ADULT_RELATIONSHIPS = ['child', 'parent', 'spouse', 'sibling', 'relative', 'other'] as const;
export type AdultRelationship = (typeof ADULT_RELATIONSHIPS)[number];

export type FamilyRelationship = DependantRelationship | AdultRelationship;
export const FAMILY_RELATIONSHIPS: readonly FamilyRelationship[] = [...DEPENDANT_RELATIONSHIPS, ...ADULT_RELATIONSHIPS];

export const FAMILY_MEMBER_KINDS = ['dependant', 'linked_adult'] as const;
export type FamilyMemberKind = (typeof FAMILY_MEMBER_KINDS)[number];

/** A link as a person reads it; declined invitations read as ended (reason `declined`). */
export const FAMILY_LINK_STATUSES = ['active', 'pending', 'ended'] as const;
export type FamilyLinkStatus = (typeof FAMILY_LINK_STATUSES)[number];
export const FAMILY_ENDED_REASONS = ['turned_18', 'ended_by_carer', 'ended_by_member', 'declined'] as const;
export type FamilyEndedReason = (typeof FAMILY_ENDED_REASONS)[number];

/** Age of majority (Children Act 2022, Data Protection Act 2019 s.33): a child's link ends on this birthday. */
export const AGE_OF_MAJORITY = 18;
/** Pending invitations a patient may have at once, and invitations they may send in 24 hours. */
export const MAX_PENDING_INVITATIONS = 10;
export const MAX_INVITATIONS_PER_DAY = 20;

/**
 * The consent a carer gives when adding a child: legal text, so it is data with a version; each consent row keeps
 * the version and the text it was given under. A new wording is a new entry with a new version (never an edit).
 */
export const DEPENDANT_CONSENT = {
  version: 'dependant-consent-2026-12',
  text: "I am this child's parent or legal guardian and I consent to Afya processing their health data",
} as const;

export const FamilyMessages = {
  consent: "Please confirm you are this child's parent or legal guardian and consent to Afya processing their health data",
  fullName: 'Please enter the child’s full name (at least 2 characters)',
  fullNameOneLine: 'The name must be one line of text, without line breaks, control characters, < or >',
  dateOfBirth: 'Please enter the date of birth as YYYY-MM-DD',
  dateOfBirthFuture: 'The date of birth cannot be in the future',
  adult: 'An adult needs their own account; invite them instead',
  relationship: 'Please choose a relationship from the list',
  scopes: 'Scopes must be a list of book, reminders, records',
  scopesEmpty: 'Please choose at least one thing they may do',
  scopesNotAsked: 'You can grant only the scopes you were asked for',
  phone: 'Phone number must be at least 10 digits',
  selfInvite: 'You cannot invite yourself',
  tooManyPending: 'You have 10 invitations waiting for an answer. Please wait for replies or cancel one first.',
  tooManyToday: 'You have sent 20 invitations today. Please try again tomorrow.',
  invitationSent: 'Invitation sent',
  invitationNotFound: 'Invitation not found',
  accepted: 'Invitation accepted',
  declined: 'Invitation declined',
  memberNotFound: 'Family member not found',
  linkNotFound: 'Family link not found',
  linkEnded: 'The family link has ended',
  noScope: 'You may not do this for this family member',
  dependantAdded: 'Child added',
} as const;

// ---- Dates (pure) ----

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (no 2025-02-29, no 2025-13-01). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
}

/** Nairobi is UTC+3 all year (no daylight saving since 1942): the clinic's calendar day of an instant. */
export function nairobiDay(instant: Date): string {
  return new Date(instant.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Whole years from `dateOfBirth` to `today` (both YYYY-MM-DD). A birthday counts from its own day; someone born on
 * 29 February has their birthday on 1 March in a common year (the day after 28 February: they have not yet lived a
 * whole year on the 28th).
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  // "MM-DD" strings compare in calendar order; 02-29 is after 02-28 and before 03-01, which gives the rule above.
  return today.slice(5) >= dateOfBirth.slice(5) ? years : years - 1;
}

/** The day (YYYY-MM-DD) a child turns 18: their link with carers ends at its start, Nairobi time. */
export function majorityDay(dateOfBirth: string): string {
  const year = Number(dateOfBirth.slice(0, 4)) + AGE_OF_MAJORITY;
  const monthDay = dateOfBirth.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return monthDay === '02-29' && !leap ? `${year}-03-01` : `${year}-${monthDay}`;
}

export function isMinorOn(dateOfBirth: string, today: string): boolean {
  return ageOn(dateOfBirth, today) < AGE_OF_MAJORITY;
}

/** What is wrong with a child's date of birth on `today`, or null: a date, not in the future, under 18. */
export function dependantBirthProblem(dateOfBirth: string, today: string): string | null {
  if (!isCalendarDate(dateOfBirth)) return FamilyMessages.dateOfBirth;
  if (dateOfBirth > today) return FamilyMessages.dateOfBirthFuture;
  if (!isMinorOn(dateOfBirth, today)) return FamilyMessages.adult;
  return null;
}

// ---- Scopes and links (pure) ----

/** The scopes as asked: each from FAMILY_SCOPES, at least one; duplicates dropped, in the list's order. */
export function scopesProblem(scopes: unknown): string | null {
  if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string' || !(FAMILY_SCOPES as readonly string[]).includes(s))) return FamilyMessages.scopes;
  if (scopes.length === 0) return FamilyMessages.scopesEmpty;
  return null;
}

export function normalScopes(scopes: readonly string[]): FamilyScope[] {
  return FAMILY_SCOPES.filter((scope) => scopes.includes(scope));
}

/** Accepting: the invited adult grants some or all of what was asked, never more. */
export function grantProblem(asked: readonly string[], granted: unknown): string | null {
  const problem = scopesProblem(granted);
  if (problem) return problem;
  return (granted as string[]).every((scope) => asked.includes(scope)) ? null : FamilyMessages.scopesNotAsked;
}

/** A link as the rules read it (the service's row, in the contract's words). */
export interface FamilyLinkFacts {
  kind: FamilyMemberKind;
  status: 'pending' | 'active' | 'declined' | 'ended';
  scopes: readonly string[];
  /** Dependants only. */
  dateOfBirth?: string | null;
}

/**
 * Whether the link is live on `today`: active, and for a child, before their 18th birthday. A pending, declined or
 * ended link grants nothing.
 */
export function linkIsLive(link: FamilyLinkFacts, today: string): boolean {
  if (link.status !== 'active') return false;
  if (link.kind === 'dependant') return !!link.dateOfBirth && isMinorOn(link.dateOfBirth, today);
  return true;
}

/** Whether the carer may use `scope` for the member on `today`: every scope for a child until 18, else what was granted. */
export function linkGrants(link: FamilyLinkFacts, scope: FamilyScope, today: string): boolean {
  if (!linkIsLive(link, today)) return false;
  return link.kind === 'dependant' || link.scopes.includes(scope);
}

/** The status and reason a person reads for a link on `today` (a child's active link past 18 reads "Turned 18"). */
export function linkStatusOn(link: FamilyLinkFacts & { endedReason?: string | null }, today: string): { status: FamilyLinkStatus; ended_reason?: FamilyEndedReason } {
  if (link.status === 'pending') return { status: 'pending' };
  if (link.status === 'declined') return { status: 'ended', ended_reason: 'declined' };
  if (link.status === 'ended') return { status: 'ended', ended_reason: (link.endedReason as FamilyEndedReason | null) ?? 'ended_by_carer' };
  if (!linkIsLive(link, today)) return { status: 'ended', ended_reason: 'turned_18' };
  return { status: 'active' };
}

/** Phones compared as Kenyan numbers: digits only, 07…/01… and 7…/1… written as 2547…/2541…. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10 && digits.startsWith('0')) return `254${digits.slice(1)}`;
  if (digits.length === 9 && /^[71]/.test(digits)) return `254${digits}`;
  return digits;
}

/** Why an invitation may not be sent now, or null: at most 10 waiting, at most 20 sent in the last 24 hours. */
export function invitationLimitProblem(pending: number, sentLastDay: number): string | null {
  if (pending >= MAX_PENDING_INVITATIONS) return FamilyMessages.tooManyPending;
  if (sentLastDay >= MAX_INVITATIONS_PER_DAY) return FamilyMessages.tooManyToday;
  return null;
}

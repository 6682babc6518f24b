import { nairobiDay } from '@afya/auth-service/contracts';
import { isCarerMessage, toGsm7 } from './messages';

// Who else hears about a member's visit (issue 36, decision 0118): pure rules over the family links support keeps
// from auth's link events; the scheduler applies them when it queues, the sender again when it sends.

/** A family link as the support service keeps it (family_links). */
export interface CarerLinkFacts {
  kind: 'dependant' | 'linked_adult' | string;
  status: 'active' | 'ended' | string;
  scopes: readonly string[];
  /** A child's 18th birthday (YYYY-MM-DD, Nairobi): from its start the link grants nothing. Null for an adult. */
  ends_on: string | null;
}

/**
 * Why the carer the link names gets no message about the member's visits on `now`, or null when they do: a child's
 * every active carer until the child turns 18; a linked adult's carer only with the `reminders` scope; an ended link
 * (either side ended it, an erasure) nothing.
 */
export function carerLinkProblem(link: CarerLinkFacts | null, now: Date): string | null {
  if (!link || link.status !== 'active') return 'family link ended';
  if (link.kind === 'dependant') {
    if (!link.ends_on || nairobiDay(now) >= link.ends_on) return 'family link ended: turned 18';
    return null;
  }
  return link.scopes.includes('reminders') ? null : 'family link without reminders';
}

/** The carers who also get a message of `kind` about a visit of the link's member: the links that pass the rule. */
export function carersToTell<T extends CarerLinkFacts>(kind: string, links: readonly T[], now: Date): T[] {
  if (!isCarerMessage(kind)) return [];
  return links.filter((link) => carerLinkProblem(link, now) === null);
}

/** The longest member name a carer's SMS carries (a first name; the doctor's name is shortened first beyond it). */
export const MEMBER_NAME_MAX = 20;

/** How a carer's message names the member: their first name, GSM-7, at most MEMBER_NAME_MAX characters. */
export function memberName(firstname: string | null | undefined, fallback: string): string {
  const name = toGsm7((firstname ?? '').trim().split(/\s+/)[0] ?? '');
  return (name || fallback).slice(0, MEMBER_NAME_MAX);
}

import { WAITLIST_HOLD_MINUTES, WaitlistMessages } from '../../contracts';

// The waitlist's rules, pure (`now` injectable): who is next in line for a freed slot, how long a hold lasts, and
// who may take a held slot. The service applies them inside its transactions.

export interface LineEntry {
  entry_id: number;
  user_id: number;
  date_from: string;
  date_to: string;
  status: string;
  joined_at: Date;
  /** This entry was offered this very slot before (it lapsed or was declined): it is not offered it again. */
  offered_this_slot: boolean;
}

/**
 * The first patient in line for a freed slot on `date`: entries still waiting whose range holds the date, in the
 * order they joined (entry id breaks a tie), except the patient who freed the slot and any entry this slot was
 * offered to already. null when nobody is left: the slot is then free for anyone.
 */
export function nextInLine(entries: readonly LineEntry[], date: string, freedBy: number | null = null): LineEntry | null {
  const eligible = entries.filter(
    (e) => e.status === 'waiting' && e.date_from <= date && date <= e.date_to && e.user_id !== freedBy && !e.offered_this_slot,
  );
  eligible.sort((a, b) => a.joined_at.getTime() - b.joined_at.getTime() || a.entry_id - b.entry_id);
  return eligible[0] ?? null;
}

/** When a hold made at `offeredAt` ends. */
export function holdExpiry(offeredAt: Date, minutes = WAITLIST_HOLD_MINUTES): Date {
  return new Date(offeredAt.getTime() + minutes * 60_000);
}

export interface HeldOffer {
  user_id: number;
  status: string;
  expires_at: Date;
}

/**
 * Whether `userId` may claim the offer now: only the patient it was made to, only while it is held and its time has
 * not run out (a hold past its time that the expiry job has not passed on yet is not claimable either).
 */
export function claimRefusal(offer: HeldOffer | null, userId: number, now: Date = new Date()): { status: 404 | 409; message: string } | null {
  if (!offer || offer.user_id !== userId) return { status: 404, message: WaitlistMessages.offerNotFound };
  if (offer.status === 'claimed') return { status: 409, message: WaitlistMessages.offerClaimed };
  if (offer.status === 'expired') return { status: 409, message: WaitlistMessages.offerExpired };
  if (offer.status !== 'held') return { status: 409, message: WaitlistMessages.offerGone };
  if (offer.expires_at.getTime() <= now.getTime()) return { status: 409, message: WaitlistMessages.offerExpired };
  return null;
}

/**
 * Whether a hold stops `userId` from taking its slot (booking it, moving a visit into it, re-opening a cancelled
 * visit there): a held offer stops everybody but the patient it is held for, until it is settled (claimed, or
 * passed on by the expiry job; the slot is never free to the public between one patient's hold and the next's).
 */
export function holdBlocks(hold: { user_id: number; status: string } | null, userId: number): boolean {
  return hold !== null && hold.status === 'held' && hold.user_id !== userId;
}

/** Whether an expiry job for this offer should pass it on now (it is still held and its time is up). */
export function isLapsed(offer: { status: string; expires_at: Date }, now: Date = new Date()): boolean {
  return offer.status === 'held' && offer.expires_at.getTime() <= now.getTime();
}

import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { conflict, env, getProcessLogger, recordEvent } from '@afya/service-shared';
import { AppointmentEvents, WaitlistMessages, type WaitlistOfferedEventData } from '../../contracts';
import { DoctorCalendarService } from '../calendar/doctor-calendar.service';
import { isInBookingWindow, worksOn } from '../../contracts/booking-rules';
import { OfferExpiryQueue } from './offer-expiry.queue';
import { holdBlocks, holdExpiry, isLapsed, type LineEntry, nextInLine } from './waitlist.rules';

export interface Slot {
  doctor_id: number;
  appointment_date: string;
  time_slot: string;
}

interface HeldRow {
  offer_id: number;
  entry_id: number;
  user_id: number;
  status: string;
  expires_at: Date;
  doctor_id: number;
  appointment_date: string;
  time_slot: string;
}

/** How many of a doctor's waiting entries are read (and locked) to find the next in line for one slot. */
const LINE_READ = 50;

/**
 * Holds on freed slots, always inside the transaction that changes the slot:
 * - `freed`: the transaction that frees a slot (cancel, reschedule away, admin delete) offers it to the first
 *   waiting patient and holds it for them in the same commit, so it is never free to the public in between;
 * - `take`: the transaction that takes a slot (booking, moving into it, re-opening a cancelled visit) checks for a
 *   hold after its write: held for someone else it is refused (the transaction rolls back), held for this patient
 *   the offer is settled as claimed. The slot's unique index still decides concurrent takers (the race rule); the
 *   check runs after the insert, so a hold committed by a freeing transaction the insert waited on is seen.
 * - `expire`: the offer-expiry job; a lapsed offer passes to the next patient in line, or the slot becomes free.
 */
@Injectable()
export class SlotHolds implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: OfferExpiryQueue,
    private readonly calendar: DoctorCalendarService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.instance();
    if (env('WAITLIST_WORKER', 'true') !== 'false') await this.queue.work(({ offer_id }) => this.expire(offer_id));
  }

  async take(manager: EntityManager, slot: Slot, userId: number, appointmentId: number): Promise<void> {
    const [hold] = (await manager.query(
      `SELECT offer_id, entry_id, user_id, status FROM waitlist_offers
        WHERE doctor_id = $1 AND appointment_date = $2 AND time_slot = $3 AND status = 'held' FOR UPDATE`,
      [slot.doctor_id, slot.appointment_date, slot.time_slot],
    )) as HeldRow[];
    if (!hold) return;
    if (holdBlocks(hold, userId)) throw conflict(WaitlistMessages.slotHeld, 'SLOT_HELD');
    await manager.query(`UPDATE waitlist_offers SET status = 'claimed', settled_at = now(), appointment_id = $2 WHERE offer_id = $1`, [hold.offer_id, appointmentId]);
    await manager.query(`UPDATE waitlist_entries SET status = 'booked', updated_at = now() WHERE entry_id = $1`, [hold.entry_id]);
  }

  async freed(manager: EntityManager, slot: Slot, freedBy: number | null): Promise<void> {
    await this.offerNext(manager, slot, freedBy);
  }

  /**
   * The offer-expiry job: a held offer whose time is up passes on (the entry waits again for other slots; this slot
   * is not offered to it again). Anything else (claimed, declined, already passed on) is left as it is.
   */
  async expire(offerId: number, now: Date = new Date()): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const offer = await this.lockOffer(manager, offerId);
      if (!offer || offer.status !== 'held') return;
      if (!isLapsed(offer, now)) {
        await this.queue.schedule(manager, offer.offer_id, offer.expires_at); // woken early: wait for its time
        return;
      }
      await this.settle(manager, offer, 'expired');
      getProcessLogger().info({ offerId, doctorId: offer.doctor_id }, 'waitlist offer lapsed; passing it on');
      await this.offerNext(manager, offer, null);
    });
  }

  /** The patient turns the offer down (or leaves the waitlist while it is held): it passes on now. */
  async passOn(manager: EntityManager, offer: HeldRow, status: 'declined' | 'withdrawn'): Promise<void> {
    await this.settle(manager, offer, status);
    await this.offerNext(manager, offer, null);
  }

  /**
   * An erased account: its open waitlist entries are left and a slot held for it passes on; the visits its erasure
   * cancelled are freed slots like any other (offered to the waitlist).
   */
  async userErased(manager: EntityManager, userId: number, cancelledAppointmentIds: number[]): Promise<void> {
    const held = (await manager.query(`SELECT offer_id FROM waitlist_offers WHERE user_id = $1 AND status = 'held'`, [userId])) as { offer_id: number }[];
    await manager.query(`UPDATE waitlist_entries SET status = 'left', updated_at = now() WHERE user_id = $1 AND status IN ('waiting', 'offered')`, [userId]);
    for (const { offer_id } of held) {
      const offer = await this.lockOffer(manager, offer_id);
      if (offer?.status === 'held') {
        await manager.query(`UPDATE waitlist_offers SET status = 'withdrawn', settled_at = now() WHERE offer_id = $1`, [offer_id]);
        await this.offerNext(manager, offer, userId);
      }
    }
    if (!cancelledAppointmentIds.length) return;
    const freed = (await manager.query(
      `SELECT doctor_id, appointment_date::text AS appointment_date, time_slot, user_id FROM appointments WHERE appointment_id = ANY($1)`,
      [cancelledAppointmentIds],
    )) as (Slot & { user_id: number })[];
    for (const slot of freed) await this.offerNext(manager, slot, slot.user_id);
  }

  async lockOffer(manager: EntityManager, offerId: number): Promise<HeldRow | null> {
    const [row] = (await manager.query(
      `SELECT offer_id, entry_id, user_id, status, expires_at, doctor_id, to_char(appointment_date, 'YYYY-MM-DD') AS appointment_date, time_slot
         FROM waitlist_offers WHERE offer_id = $1 FOR UPDATE`,
      [offerId],
    )) as HeldRow[];
    return row ? { ...row, expires_at: new Date(row.expires_at) } : null;
  }

  private async settle(manager: EntityManager, offer: HeldRow, status: 'expired' | 'declined' | 'withdrawn'): Promise<void> {
    await manager.query(`UPDATE waitlist_offers SET status = $2, settled_at = now() WHERE offer_id = $1`, [offer.offer_id, status]);
    // the entry waits again for other slots (a withdrawn offer's entry is being left by its patient)
    await manager.query(`UPDATE waitlist_entries SET status = 'waiting', updated_at = now() WHERE entry_id = $1 AND status = 'offered'`, [offer.entry_id]);
  }

  /** Offers a free slot to the first patient in line and holds it for them; nothing when nobody waits for it. */
  private async offerNext(manager: EntityManager, slot: Slot, freedBy: number | null): Promise<void> {
    const [doctor] = (await manager.query(
      `SELECT first_name, last_name, available_days, active, approval_status FROM doctors WHERE doctor_id = $1`,
      [slot.doctor_id],
    )) as { first_name: string; last_name: string; available_days: string[]; active: boolean; approval_status: string }[];
    if (!doctor || !doctor.active || doctor.approval_status !== 'approved') return;
    // a slot nobody could book now (today, past, beyond the window, not the doctor's day: a closure, their leave, a time
    // outside their own hours, or without hours a weekday outside available_days) is not offered
    if (!isInBookingWindow(slot.appointment_date)) return;
    const plan = await this.calendar.plan(manager, slot.doctor_id, slot.appointment_date);
    const offered = plan.kind === 'clinic' ? worksOn(doctor.available_days, slot.appointment_date) : plan.kind === 'hours' && plan.slots.includes(slot.time_slot);
    if (!offered) return;
    const [taken] = (await manager.query(
      `SELECT 1 FROM appointments WHERE doctor_id = $1 AND appointment_date = $2 AND time_slot = $3 AND appointment_status <> 'Cancelled'
       UNION ALL
       SELECT 1 FROM waitlist_offers WHERE doctor_id = $1 AND appointment_date = $2 AND time_slot = $3 AND status = 'held'`,
      [slot.doctor_id, slot.appointment_date, slot.time_slot],
    )) as unknown[];
    if (taken) return;
    // Entries another transaction is offering a slot right now are skipped (SKIP LOCKED), never offered two at once.
    const line = (await manager.query(
      `SELECT e.entry_id, e.user_id, to_char(e.date_from, 'YYYY-MM-DD') AS date_from, to_char(e.date_to, 'YYYY-MM-DD') AS date_to, e.status, e.joined_at,
              EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = e.entry_id AND o.appointment_date = $2 AND o.time_slot = $3) AS offered_this_slot
         FROM waitlist_entries e
        WHERE e.doctor_id = $1 AND e.status = 'waiting' AND $2::date BETWEEN e.date_from AND e.date_to
        ORDER BY e.joined_at, e.entry_id
        LIMIT ${LINE_READ}
        FOR UPDATE OF e SKIP LOCKED`,
      [slot.doctor_id, slot.appointment_date, slot.time_slot],
    )) as LineEntry[];
    const next = nextInLine(
      line.map((e) => ({ ...e, joined_at: new Date(e.joined_at) })),
      slot.appointment_date,
      freedBy,
    );
    if (!next) return;
    const expiresAt = holdExpiry(new Date());
    const [offer] = (await manager.query(
      `INSERT INTO waitlist_offers (entry_id, user_id, doctor_id, appointment_date, time_slot, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING offer_id`,
      [next.entry_id, next.user_id, slot.doctor_id, slot.appointment_date, slot.time_slot, expiresAt],
    )) as { offer_id: number }[];
    await manager.query(`UPDATE waitlist_entries SET status = 'offered', updated_at = now() WHERE entry_id = $1`, [next.entry_id]);
    await this.queue.schedule(manager, offer.offer_id, expiresAt);
    const [patient] = (await manager.query(`SELECT NULLIF(trim(firstname || ' ' || lastname), '') AS name FROM user_directory WHERE user_id = $1`, [next.user_id])) as {
      name: string | null;
    }[];
    await recordEvent<WaitlistOfferedEventData>(manager, AppointmentEvents.waitlistOffered, {
      offer_id: offer.offer_id,
      user_id: next.user_id,
      doctor_id: slot.doctor_id,
      doctor_name: `${doctor.first_name} ${doctor.last_name}`.trim(),
      patient_name: patient?.name ?? null,
      appointment_date: slot.appointment_date,
      time_slot: slot.time_slot,
      expires_at: expiresAt.toISOString(),
    });
    getProcessLogger().info({ offerId: offer.offer_id, doctorId: slot.doctor_id, entryId: next.entry_id }, 'freed slot offered to the waitlist');
  }
}

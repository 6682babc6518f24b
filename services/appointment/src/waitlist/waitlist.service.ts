import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { appointmentsBooked, badRequest, conflict, forbidden, notFound, type Principal, RpcFailure } from '@afya/service-shared';
import {
  AppointmentMessages,
  type BookReply,
  DEFAULT_VISIT_MODE,
  JoinWaitlistSchema,
  type LeaveWaitlistReply,
  type JoinWaitlistReply,
  type WaitlistEntryList,
  type WaitlistEntryView,
  type WaitlistLength,
  WaitlistMessages,
  type WaitlistMessageReply,
  type WaitlistOfferView,
} from '../../contracts';
import { isUniqueViolation, SLOT_INDEX } from '../appointments/appointment-records';
import { BookingService } from '../appointments/booking.service';
import { toAppointmentView } from '../appointments/appointment.sql';
import { DoctorsService } from '../doctors/doctors.service';
import { clinicToday, isInBookingWindow } from '../../contracts/booking-rules';
import { SlotHolds } from './slot-holds';
import { claimRefusal } from './waitlist.rules';

/** The offer's view with its doctor (o = waitlist_offers, d = doctors, e = waitlist_entries). */
const OFFER_SELECT = `
  SELECT o.offer_id, o.entry_id, o.user_id, to_char(o.appointment_date, 'YYYY-MM-DD') AS appointment_date, o.time_slot, e.appointment_type,
         o.status, o.offered_at, o.expires_at, o.appointment_id,
         json_build_object('doctor_id', d.doctor_id, 'first_name', d.first_name, 'last_name', d.last_name, 'specialization', d.specialization) AS doctor
    FROM waitlist_offers o JOIN waitlist_entries e ON e.entry_id = o.entry_id JOIN doctors d ON d.doctor_id = o.doctor_id`;

interface OfferRow extends Omit<WaitlistOfferView, 'offered_at' | 'expires_at'> {
  user_id: number;
  offered_at: Date;
  expires_at: Date;
}

const offerView = ({ user_id: _user, ...row }: OfferRow): WaitlistOfferView => ({
  ...row,
  offered_at: new Date(row.offered_at).toISOString(),
  expires_at: new Date(row.expires_at).toISOString(),
});

/** The first problem zod finds in a payload, as the 400 the patient reads. */
function parsed<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

/**
 * The patients' side of the waitlist (join, see, leave; the offer's confirmation page, claim, decline) and the
 * admin's waitlist lengths. Slots are freed, held and passed on by SlotHolds, in the transactions that change them.
 */
@Injectable()
export class WaitlistService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly doctors: DoctorsService,
    private readonly booking: BookingService,
    private readonly holds: SlotHolds,
  ) {}

  async join(actor: Principal, payload: unknown): Promise<JoinWaitlistReply> {
    if (actor.role !== 'user') throw forbidden('Only patients can join a waitlist');
    const body = parsed(JoinWaitlistSchema.safeParse(payload));
    if (!isInBookingWindow(body.date_from) || !isInBookingWindow(body.date_to)) throw badRequest(AppointmentMessages.dateWindow);
    const doctor = await this.doctors.findById(body.doctor_id);
    if (!doctor || !doctor.active) throw notFound(AppointmentMessages.doctorNotFound);
    if (doctor.approval_status !== 'approved') throw badRequest(AppointmentMessages.doctorNotApproved);
    try {
      const [row] = (await this.dataSource.query(
        `INSERT INTO waitlist_entries (user_id, doctor_id, date_from, date_to, appointment_type, notes) VALUES ($1, $2, $3, $4, $5, $6) RETURNING entry_id`,
        [actor.userId, body.doctor_id, body.date_from, body.date_to, body.appointment_type, body.notes],
      )) as { entry_id: number }[];
      const [entry] = await this.entries(actor.userId, row.entry_id);
      return { entry, message: WaitlistMessages.joined };
    } catch (error) {
      if (isUniqueViolation(error, 'waitlist_entries_open_uq')) throw conflict(WaitlistMessages.alreadyWaiting, 'ALREADY_WAITING');
      throw error;
    }
  }

  /** GET /waitlist: the patient's entries, newest first, each with its place in line and the offer held for it. */
  async list(actor: Principal): Promise<WaitlistEntryList> {
    if (actor.role !== 'user') throw forbidden('Only patients have waitlist entries');
    return this.entries(actor.userId);
  }

  async leave(actor: Principal, id: unknown): Promise<LeaveWaitlistReply> {
    if (actor.role !== 'user') throw forbidden();
    const entryId = this.id(id, WaitlistMessages.entryNotFound);
    await this.dataSource.transaction(async (manager) => {
      const [entry] = (await manager.query(`SELECT entry_id, user_id, status FROM waitlist_entries WHERE entry_id = $1 FOR UPDATE`, [entryId])) as {
        entry_id: number;
        user_id: number;
        status: string;
      }[];
      if (!entry || entry.user_id !== actor.userId) throw notFound(WaitlistMessages.entryNotFound);
      if (entry.status === 'booked' || entry.status === 'left') return;
      const [held] = (await manager.query(`SELECT offer_id FROM waitlist_offers WHERE entry_id = $1 AND status = 'held'`, [entryId])) as { offer_id: number }[];
      if (held) {
        const offer = await this.holds.lockOffer(manager, held.offer_id);
        if (offer) await this.holds.passOn(manager, offer, 'withdrawn');
      }
      await manager.query(`UPDATE waitlist_entries SET status = 'left', updated_at = now() WHERE entry_id = $1`, [entryId]);
    });
    return { message: WaitlistMessages.left, entry_id: entryId };
  }

  /** The confirmation page: the offer as it is. Reading it changes nothing (link scanners open links). */
  async offer(actor: Principal, id: unknown): Promise<WaitlistOfferView> {
    const offerId = this.id(id, WaitlistMessages.offerNotFound);
    const [row] = (await this.dataSource.query(`${OFFER_SELECT} WHERE o.offer_id = $1`, [offerId])) as OfferRow[];
    if (!row || row.user_id !== actor.userId) throw notFound(WaitlistMessages.offerNotFound);
    return offerView(row);
  }

  /** The patient books the slot held for them: their booking, as if they had booked it on the booking screen. */
  async claim(actor: Principal, id: unknown, requestId?: string): Promise<BookReply> {
    if (actor.role !== 'user') throw forbidden('Only patients can book appointments');
    const offerId = this.id(id, WaitlistMessages.offerNotFound);
    try {
      const row = await this.dataSource.transaction(async (manager) => {
        const offer = await this.holds.lockOffer(manager, offerId);
        const refusal = claimRefusal(offer, actor.userId);
        if (refusal) throw new RpcFailure(refusal.status, refusal.message, refusal.status === 409 ? 'OFFER_CLOSED' : undefined);
        const [entry] = (await manager.query(`SELECT appointment_type, notes FROM waitlist_entries WHERE entry_id = $1`, [offer!.entry_id])) as {
          appointment_type: string;
          notes: string;
        }[];
        return this.booking.insertBooking(
          manager,
          actor,
          {
            doctor_id: offer!.doctor_id,
            appointment_date: offer!.appointment_date,
            time_slot: offer!.time_slot,
            appointment_type: entry.appointment_type,
            notes: entry.notes,
            visit_mode: DEFAULT_VISIT_MODE,
          },
          requestId,
        );
      });
      appointmentsBooked.inc();
      return { appointment: toAppointmentView(row), appointment_id: row.appointment_id, message: WaitlistMessages.claimed };
    } catch (error) {
      if (isUniqueViolation(error, SLOT_INDEX)) throw conflict(AppointmentMessages.slotTaken, 'SLOT_TAKEN');
      throw error;
    }
  }

  /** The patient does not want the slot: it passes to the next patient now (the entry keeps waiting for others). */
  async decline(actor: Principal, id: unknown): Promise<WaitlistMessageReply> {
    if (actor.role !== 'user') throw forbidden();
    const offerId = this.id(id, WaitlistMessages.offerNotFound);
    await this.dataSource.transaction(async (manager) => {
      const offer = await this.holds.lockOffer(manager, offerId);
      if (!offer || offer.user_id !== actor.userId) throw notFound(WaitlistMessages.offerNotFound);
      if (offer.status !== 'held') throw conflict(offer.status === 'claimed' ? WaitlistMessages.offerClaimed : WaitlistMessages.offerGone, 'OFFER_CLOSED');
      await this.holds.passOn(manager, offer, 'declined');
    });
    return { message: WaitlistMessages.declined };
  }

  /** GET /admin/waitlist: patients waiting per doctor (entries open with dates still ahead) and slots held now. */
  async lengths(actor: Principal): Promise<WaitlistLength[]> {
    if (actor.role !== 'admin') throw forbidden();
    return this.dataSource.query(
      `SELECT d.doctor_id, trim(d.first_name || ' ' || d.last_name) AS doctor_name, d.specialization,
              count(e.entry_id)::int AS waiting,
              (SELECT count(*) FROM waitlist_offers o WHERE o.doctor_id = d.doctor_id AND o.status = 'held')::int AS held_offers
         FROM waitlist_entries e JOIN doctors d ON d.doctor_id = e.doctor_id
        WHERE e.status IN ('waiting', 'offered') AND e.date_to >= $1::date
        GROUP BY d.doctor_id
        ORDER BY waiting DESC, d.doctor_id`,
      [clinicToday()],
    );
  }

  private id(value: unknown, message: string): number {
    const id = Number(value);
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound(message);
    return id;
  }

  private async entries(userId: number, entryId?: number): Promise<WaitlistEntryView[]> {
    const rows = (await this.dataSource.query(
      `SELECT e.entry_id, to_char(e.date_from, 'YYYY-MM-DD') AS date_from, to_char(e.date_to, 'YYYY-MM-DD') AS date_to, e.appointment_type, e.status,
              e.date_to < $2::date AS ended, e.joined_at,
              CASE WHEN e.status = 'waiting' THEN
                (SELECT count(*)::int + 1 FROM waitlist_entries w
                  WHERE w.doctor_id = e.doctor_id AND w.status = 'waiting' AND (w.joined_at, w.entry_id) < (e.joined_at, e.entry_id))
              END AS position,
              json_build_object('doctor_id', d.doctor_id, 'first_name', d.first_name, 'last_name', d.last_name, 'specialization', d.specialization) AS doctor,
              (SELECT o.offer_id FROM waitlist_offers o WHERE o.entry_id = e.entry_id AND o.status = 'held') AS held_offer_id
         FROM waitlist_entries e JOIN doctors d ON d.doctor_id = e.doctor_id
        WHERE e.user_id = $1 ${entryId ? 'AND e.entry_id = $3' : ''}
        ORDER BY e.joined_at DESC, e.entry_id DESC
        LIMIT 200`,
      entryId ? [userId, clinicToday(), entryId] : [userId, clinicToday()],
    )) as (Omit<WaitlistEntryView, 'joined_at' | 'offer'> & { joined_at: Date; held_offer_id: number | null })[];
    const heldIds = rows.map((r) => r.held_offer_id).filter((v): v is number => v !== null);
    const offers = heldIds.length ? ((await this.dataSource.query(`${OFFER_SELECT} WHERE o.offer_id = ANY($1)`, [heldIds])) as OfferRow[]) : [];
    return rows.map(({ held_offer_id, ...row }) => ({
      ...row,
      joined_at: new Date(row.joined_at).toISOString(),
      offer: offers.find((o) => o.offer_id === held_offer_id) ? offerView(offers.find((o) => o.offer_id === held_offer_id)!) : null,
    }));
  }
}

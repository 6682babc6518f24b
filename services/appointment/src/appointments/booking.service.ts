import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { appointmentsBooked, badRequest, conflict, forbidden, notFound, parsePayload, Principal, recordEvents } from '@afya/service-shared';
import {
  AppointmentEvents,
  AppointmentMessages,
  AvailabilityQuerySchema,
  AvailabilityReply,
  BookPayloadSchema,
  BookReply,
  calendarProblem,
  DEFAULT_APPOINTMENT_TYPE,
  DEFAULT_DURATION_MINUTES,
  DEFAULT_VISIT_MODE,
  InsuranceMessages,
  slotsWithinClinicHours,
} from '../../contracts';
import { AuditTrail } from '../audit/audit-trail';
import { DoctorCalendarService } from '../calendar/doctor-calendar.service';
import { SlotHolds } from '../waitlist/slot-holds';
import { DoctorsService } from '../doctors/doctors.service';
import { FamilyAccess } from '../family/family-access';
import { CoverBooking } from '../insurance/cover-booking';
import { bookingAmount, bookingType, clinicHoursProblem, isInBookingWindow, isTimeSlot, slotStart, weekdayOf, worksOn } from '../../contracts/booking-rules';
import { isUniqueViolation, SLOT_INDEX } from './appointment-records';
import { APPOINTMENT_SELECT, AppointmentRow, fullName, toAppointmentView, toEventData } from './appointment.sql';

/** APPOINTMENT_SELECT over the row an INSERT … RETURNING * just made (a WITH named `inserted`). */
const INSERTED_APPOINTMENT_SELECT = APPOINTMENT_SELECT.replace('FROM appointments a', 'FROM inserted a');

/** Family care (issue 36): a booking a carer makes for a member: the member is the patient. */
export interface BookedFor {
  patientId: number;
  bookedBy: { userId: number; name: string; relationship: string };
}

/** Booking: the free slots of a doctor's day, and a patient taking one. */
@Injectable()
export class BookingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly doctors: DoctorsService,
    private readonly audit: AuditTrail,
    private readonly holds: SlotHolds,
    private readonly calendar: DoctorCalendarService,
    private readonly family: FamilyAccess,
    private readonly coverBooking: CoverBooking,
  ) {}

  /** GET /appointments/availability: every slot of the date, free or not (the booking screen shows free ones). */
  async availability(actor: Principal, request: unknown): Promise<AvailabilityReply> {
    const { doctor_id, date } = parsePayload(AvailabilityQuerySchema, request);
    const doctor = await this.doctors.findById(doctor_id);
    if (!doctor || !doctor.active || (doctor.approval_status !== 'approved' && actor.role !== 'admin')) {
      throw notFound(AppointmentMessages.doctorNotFound);
    }
    // The doctor's day (issue 37): a clinic closure or their leave offers nothing; their own hours offer their slots;
    // without hours, slots outside the clinic's hours that day (CLINIC_HOURS: Saturday afternoons, Sundays) are not
    // offered at all and their available_days decide, as before.
    const plan = await this.calendar.plan(this.dataSource.manager, doctor_id, date);
    const open = plan.kind === 'clinic' ? slotsWithinClinicHours(weekdayOf(date)) : plan.kind === 'hours' ? plan.slots : [];
    const works = plan.kind === 'clinic' ? worksOn(doctor.available_days, date) : plan.kind === 'hours';
    const bookable = open.length > 0 && isInBookingWindow(date) && works && doctor.approval_status === 'approved';
    // taken: booked, or held for another patient from the doctor's waitlist (held for the caller, it is theirs to take)
    const taken: { time_slot: string }[] = await this.dataSource.query(
      `SELECT time_slot FROM appointments WHERE doctor_id = $1 AND appointment_date = $2 AND appointment_status <> 'Cancelled'
       UNION ALL
       SELECT time_slot FROM waitlist_offers WHERE doctor_id = $1 AND appointment_date = $2 AND status = 'held' AND user_id <> $3`,
      [doctor_id, date, actor.userId],
    );
    const takenSlots = new Set(taken.map((t) => t.time_slot));
    return {
      doctor_id,
      date,
      bookable_date: bookable,
      slots: open.map((slot) => ({ time_slot: slot, available: bookable && !takenSlots.has(slot) })),
      ...(plan.kind === 'closure' || plan.kind === 'leave' ? { unavailable: calendarProblem(plan, date, '', `Dr. ${fullName(doctor.first_name, doctor.last_name) ?? ''}`.trim())! } : {}),
    };
  }

  /**
   * POST /appointments. The amount is the doctor's fee (else the type's default), never the client's.
   * The slot's uniqueness is the database's partial unique index: of concurrent bookings exactly one wins.
   */
  async book(actor: Principal, request: unknown, requestId?: string): Promise<BookReply> {
    if (actor.role !== 'user') throw forbidden('Only patients can book appointments');
    const payload = parsePayload(BookPayloadSchema, request);
    const { doctor_id, appointment_date, time_slot, notes } = payload;
    const visitMode = payload.visit_mode ?? DEFAULT_VISIT_MODE;
    // The named type is valid (the schema); without one, the amount the client showed chooses it.
    const appointment_type = bookingType(payload.appointment_type, payload.total_amount) ?? DEFAULT_APPOINTMENT_TYPE;
    if (!isInBookingWindow(appointment_date)) throw badRequest(AppointmentMessages.dateWindow);
    // The clinic's hours hold for the API as for the screen (a Sunday, a Saturday afternoon: 400, nothing booked). A
    // label off the clinic's grid ('09:15 AM') is only ever a doctor's own slot: insertBooking checks it on their day.
    const closed = isTimeSlot(time_slot) ? clinicHoursProblem(appointment_date, time_slot) : null;
    if (closed) throw badRequest(closed);
    // Family care (issue 36): for a member, the caller needs the `book` scope (auth's 403/404 pass on); the member is
    // the patient, the caller who booked is kept beside them.
    const forMember =
      payload.member_id !== undefined && payload.member_id !== actor.userId ? await this.family.check(actor, payload.member_id, 'book', requestId) : null;
    const bookedFor: BookedFor | undefined = forMember
      ? { patientId: forMember.member_id, bookedBy: { userId: actor.userId, name: forMember.carer_name, relationship: forMember.relationship } }
      : undefined;

    try {
      const row = await this.dataSource.transaction((manager) =>
        this.insertBooking(manager, actor, { doctor_id, appointment_date, time_slot, appointment_type, notes, visit_mode: visitMode }, requestId, bookedFor, payload.cover_id),
      );
      appointmentsBooked.inc(); // committed: the transaction above resolved
      return {
        appointment: toAppointmentView(row),
        appointment_id: row.appointment_id,
        message: row.cover && row.paid ? InsuranceMessages.bookedCovered : 'Appointment booked successfully! Please proceed with payment.',
      };
    } catch (error) {
      if (isUniqueViolation(error, SLOT_INDEX)) throw conflict(AppointmentMessages.slotTaken, 'SLOT_TAKEN');
      throw error;
    }
  }

  /**
   * A booking's row, its events and audit entry, in the caller's transaction (a booking, or a waitlist offer being
   * claimed). The slot's uniqueness is the partial unique index; a slot held for a waitlisted patient is refused to
   * anyone else after the insert (SlotHolds.take), and taken by that patient it settles their offer.
   */
  async insertBooking(
    manager: EntityManager,
    actor: Principal,
    booking: { doctor_id: number; appointment_date: string; time_slot: string; appointment_type: string; notes: string; visit_mode: string },
    requestId?: string,
    bookedFor?: BookedFor,
    coverId?: number,
  ): Promise<AppointmentRow> {
    const { doctor_id, appointment_date, time_slot, appointment_type, notes, visit_mode: visitMode } = booking;
    const patientId = bookedFor?.patientId ?? actor.userId;
    const doctor = await this.doctors.findById(doctor_id, manager);
    if (!doctor || !doctor.active) throw notFound(AppointmentMessages.doctorNotFound);
    if (doctor.approval_status !== 'approved') throw badRequest(AppointmentMessages.doctorNotApproved);
    if (visitMode === 'video' && !doctor.offers_video) throw badRequest(AppointmentMessages.noVideo);
    // A closure, the doctor's leave or a time outside their own hours: 409 (issue 37). Without hours, available_days.
    const plan = await this.calendar.assertBookable(manager, doctor, appointment_date, time_slot);
    if (plan.kind === 'clinic' && !isTimeSlot(time_slot)) throw badRequest(AppointmentMessages.time);
    if (plan.kind === 'clinic' && !worksOn(doctor.available_days, appointment_date)) {
      throw badRequest(
        `Dr. ${fullName(doctor.first_name, doctor.last_name)} does not see patients on ${weekdayOf(appointment_date)}s. Please choose another date.`,
      );
    }
    const startsAt = slotStart(appointment_date, time_slot);
    if (bookedFor) {
      // A member cannot hold two visits that start at the same time (a carer booking two doctors for one child).
      const [busy] = await manager.query(`SELECT 1 FROM appointments WHERE user_id = $1 AND starts_at = $2 AND appointment_status <> 'Cancelled' LIMIT 1`, [
        patientId,
        startsAt,
      ]);
      if (busy) throw conflict(AppointmentMessages.memberBusy, 'MEMBER_BUSY');
    }
    const amount = bookingAmount(appointment_type, doctor.fee);
    // Issue 38: with a cover, the co-pay is what is due now; a co-pay of nothing leaves nothing to pay (paid, Confirmed,
    // as a completed payment would).
    const cover = coverId === undefined ? null : await this.coverBooking.snapshot(manager, patientId, coverId, doctor, appointment_date, amount);
    const nothingDue = cover !== null && cover.copay_amount === 0;
    // The new row comes back as the view reads it (one round trip, not an insert then a select).
    let [created]: AppointmentRow[] = await manager.query(
      `WITH inserted AS (
         INSERT INTO appointments
           (user_id, doctor_id, appointment_date, time_slot, starts_at, appointment_type, total_amount, notes, duration, visit_mode, patient_full_name,
            booked_by_user_id, booked_by_name, booked_by_relationship, paid, appointment_status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
                 (SELECT NULLIF(trim(firstname || ' ' || lastname), '') FROM user_directory WHERE user_id = $1), $11, $12, $13, $14, $15)
         RETURNING *)
       ${INSERTED_APPOINTMENT_SELECT}`,
      [
        patientId,
        doctor_id,
        appointment_date,
        time_slot,
        startsAt,
        appointment_type,
        amount,
        notes,
        DEFAULT_DURATION_MINUTES,
        visitMode,
        bookedFor?.bookedBy.userId ?? null,
        bookedFor?.bookedBy.name ?? null,
        bookedFor?.bookedBy.relationship ?? null,
        nothingDue,
        nothingDue ? 'Confirmed' : 'Pending',
      ],
    );
    if (cover) {
      await this.coverBooking.keep(manager, created.appointment_id, cover);
      [created] = await manager.query(`${APPOINTMENT_SELECT} WHERE a.appointment_id = $1`, [created.appointment_id]);
    }
    await this.holds.take(manager, { doctor_id, appointment_date, time_slot }, patientId, created.appointment_id);
    // The booking and its audit entry: one statement for both events.
    await recordEvents(manager, [
      { type: AppointmentEvents.created, data: toEventData(created) },
      this.audit.changeEvent(actor, 'create', [created], requestId, ['notes']),
    ]);
    return created;
  }
}

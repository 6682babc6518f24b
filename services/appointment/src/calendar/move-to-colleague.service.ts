import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, conflict, forbidden, notFound, parsePayload, Principal, recordEvent } from '@afya/service-shared';
import { AppointmentChangeReply, AppointmentEvents, AppointmentMessages, DoctorHoursMessages, MoveToColleaguePayloadSchema } from '../../contracts';
import { clinicHoursProblem, isInBookingWindow, isTimeSlot, slotStart, weekdayOf, worksOn } from '../../contracts/booking-rules';
import { AuditTrail } from '../audit/audit-trail';
import { AppointmentRecords, isUniqueViolation, SLOT_INDEX } from '../appointments/appointment-records';
import { fullName, toAppointmentView, toEventData } from '../appointments/appointment.sql';
import { DoctorsService } from '../doctors/doctors.service';
import { SlotHolds } from '../waitlist/slot-holds';
import { DoctorCalendarService } from './doctor-calendar.service';

/**
 * An admin moves a visit that a leave, a closure or new hours left waiting for a new time to a colleague of the same
 * specialization (issue 37, decision 0105): one UPDATE of the doctor and the slot, checked as a booking with the
 * colleague (their calendar under the shared lock, the clinic's hours, the slot's unique index). The visit keeps its
 * id, its amount (the same fee) and its payment; its "needs a new time" record is resolved; one appointment.updated
 * event says where it was.
 */
@Injectable()
export class MoveToColleagueService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly doctors: DoctorsService,
    private readonly audit: AuditTrail,
    private readonly holds: SlotHolds,
    private readonly records: AppointmentRecords,
    private readonly calendar: DoctorCalendarService,
  ) {}

  /** PATCH /admin/appointments/{id}/move */
  async move(actor: Principal, request: unknown, requestId?: string): Promise<AppointmentChangeReply> {
    if (actor.role !== 'admin') throw forbidden();
    const { id, doctor_id, appointment_date, time_slot } = parsePayload(MoveToColleaguePayloadSchema, request);
    try {
      const row = await this.dataSource.transaction(async (manager) => {
        const current = await this.records.lockedRow(manager, id);
        // an open visit with an open record: needs_new_time is null for any other
        if (!current.needs_new_time) throw conflict(DoctorHoursMessages.moveOnlyWaiting, 'NOT_WAITING_FOR_NEW_TIME');
        if (doctor_id === current.doctor_id) throw badRequest(DoctorHoursMessages.moveSameDoctor);
        const colleague = await this.doctors.findById(doctor_id, manager);
        if (!colleague || !colleague.active) throw notFound(AppointmentMessages.doctorNotFound);
        if (colleague.approval_status !== 'approved') throw badRequest(DoctorHoursMessages.moveNotApproved);
        if (!colleague.specialization || colleague.specialization !== current.doctor_specialization) throw badRequest(DoctorHoursMessages.moveOtherSpecialty);
        if (current.visit_mode === 'video' && !colleague.offers_video) throw badRequest(DoctorHoursMessages.moveNoVideo);
        if (!isInBookingWindow(appointment_date)) throw badRequest(AppointmentMessages.dateWindow);
        const closed = isTimeSlot(time_slot) ? clinicHoursProblem(appointment_date, time_slot) : null;
        if (closed) throw badRequest(closed);
        const plan = await this.calendar.assertBookable(manager, colleague, appointment_date, time_slot);
        if (plan.kind === 'clinic' && !isTimeSlot(time_slot)) throw badRequest(AppointmentMessages.time);
        if (plan.kind === 'clinic' && !worksOn(colleague.available_days, appointment_date)) {
          throw badRequest(`Dr. ${fullName(colleague.first_name, colleague.last_name)} does not see patients on ${weekdayOf(appointment_date)}s. Please choose another date.`);
        }
        await manager.query(
          `UPDATE appointments SET doctor_id = $2, appointment_date = $3, time_slot = $4, starts_at = $5, updated_at = now() WHERE appointment_id = $1`,
          [id, doctor_id, appointment_date, time_slot, slotStart(appointment_date, time_slot)],
        );
        await this.calendar.resolveNewTime(manager, id);
        const updated = (await this.records.findRow(id, manager))!;
        await this.holds.take(manager, { doctor_id, appointment_date, time_slot }, current.user_id, id);
        await this.holds.freed(manager, { doctor_id: current.doctor_id, appointment_date: current.appointment_date, time_slot: current.time_slot }, current.user_id);
        await recordEvent(manager, AppointmentEvents.updated, toEventData(updated, undefined, { appointment_date: current.appointment_date, time_slot: current.time_slot }));
        await this.audit.recordChange(manager, actor, 'update', [updated], requestId, ['doctor_id', 'appointment_date', 'time_slot']);
        return updated;
      });
      return { appointment: toAppointmentView(row), message: DoctorHoursMessages.moved };
    } catch (error) {
      if (isUniqueViolation(error, SLOT_INDEX)) throw conflict(AppointmentMessages.slotTaken, 'SLOT_TAKEN');
      throw error;
    }
  }
}

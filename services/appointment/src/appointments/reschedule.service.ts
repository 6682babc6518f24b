import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, conflict, notFound, parsePayload, Principal, recordEvent } from '@afya/service-shared';
import { AppointmentChangeReply, AppointmentEvents, AppointmentMessages, ReschedulePayloadSchema } from '../../contracts';
import { AuditTrail } from '../audit/audit-trail';
import { DoctorCalendarService } from '../calendar/doctor-calendar.service';
import { FamilyAccess } from '../family/family-access';
import { SlotHolds } from '../waitlist/slot-holds';
import { DoctorsService } from '../doctors/doctors.service';
import { clinicHoursProblem, isInBookingWindow, isTimeSlot, slotStart, weekdayOf, worksOn } from '../../contracts/booking-rules';
import { assertReschedule } from '../rules/permissions';
import { AppointmentRecords, isUniqueViolation, SLOT_INDEX } from './appointment-records';
import { fullName, toAppointmentView, toEventData } from './appointment.sql';

/** Moving a booked visit to another slot of the same doctor. */
@Injectable()
export class RescheduleService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly doctors: DoctorsService,
    private readonly audit: AuditTrail,
    private readonly holds: SlotHolds,
    private readonly records: AppointmentRecords,
    private readonly calendar: DoctorCalendarService,
    private readonly family: FamilyAccess,
  ) {}

  /**
   * PATCH /appointments/{id}/reschedule. One UPDATE moves the visit: the old slot is freed and the new one taken in
   * the same row, so there is never a moment with both held or both free; the new slot's uniqueness is the same
   * partial unique index as a booking's (of concurrent takers exactly one wins, the others get 409). Payment,
   * status, notes and history stay with the appointment (its id does not change). One appointment.updated event
   * carries where it was (previous_appointment_date/previous_time_slot): reminders move, the doctor is told.
   */
  async reschedule(actor: Principal, request: unknown, requestId?: string): Promise<AppointmentChangeReply> {
    const { id, appointment_date, time_slot } = parsePayload(ReschedulePayloadSchema, request);
    try {
      // A carer with `book` for the patient moves the visit as the patient would (issue 36).
      const asPatient = await this.family.actingFor(actor, id, requestId);
      const row = await this.dataSource.transaction(async (manager) => {
        const current = await this.records.lockedRow(manager, id);
        this.records.guard(actor, 'update', current, () => assertReschedule(asPatient, current, { appointment_date, time_slot }), requestId);
        if (!isInBookingWindow(appointment_date)) throw badRequest(AppointmentMessages.dateWindow);
        const closed = isTimeSlot(time_slot) ? clinicHoursProblem(appointment_date, time_slot) : null; // off the grid: the doctor's own slot (below)
        if (closed) throw badRequest(closed);
        const doctor = await this.doctors.findById(current.doctor_id, manager);
        if (!doctor || !doctor.active) throw notFound(AppointmentMessages.doctorNotFound);
        // A closure, the doctor's leave or a time outside their own hours: 409 (issue 37). Without hours, available_days.
        const plan = await this.calendar.assertBookable(manager, doctor, appointment_date, time_slot);
        if (plan.kind === 'clinic' && !isTimeSlot(time_slot)) throw badRequest(AppointmentMessages.time);
        if (plan.kind === 'clinic' && !worksOn(doctor.available_days, appointment_date)) {
          throw badRequest(
            `Dr. ${fullName(doctor.first_name, doctor.last_name)} does not see patients on ${weekdayOf(appointment_date)}s. Please choose another date.`,
          );
        }
        await manager.query(
          `UPDATE appointments SET appointment_date = $2, time_slot = $3, starts_at = $4, updated_at = now() WHERE appointment_id = $1`,
          [id, appointment_date, time_slot, slotStart(appointment_date, time_slot)],
        );
        await this.calendar.resolveNewTime(manager, id); // a visit that needed a new time has one (before the reply's read)
        const updated = (await this.records.findRow(id, manager))!;
        // the new slot may be held for a waitlisted patient; the old one goes to the doctor's waitlist
        await this.holds.take(manager, { doctor_id: current.doctor_id, appointment_date, time_slot }, current.user_id, id);
        await this.holds.freed(manager, { doctor_id: current.doctor_id, appointment_date: current.appointment_date, time_slot: current.time_slot }, current.user_id);
        await recordEvent(manager, AppointmentEvents.updated, toEventData(updated, undefined, { appointment_date: current.appointment_date, time_slot: current.time_slot }));
        await this.audit.recordChange(manager, actor, 'update', [updated], requestId, ['appointment_date', 'time_slot']);
        return updated;
      });
      return { appointment: toAppointmentView(row), message: 'Appointment rescheduled!' };
    } catch (error) {
      if (isUniqueViolation(error, SLOT_INDEX)) throw conflict(AppointmentMessages.slotTaken, 'SLOT_TAKEN');
      throw error;
    }
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { badRequest, notFound, parsePayload, Principal, RpcFailure } from '@afya/service-shared';
import type { z } from '@afya/service-shared/schema';
import {
  type DateOverride,
  DateOverrideMessages,
  DoctorOnlyPayloadSchema,
  hoursOn,
  isCalendarDate,
  OverrideByDatePayloadSchema,
  overrideProblem,
  OverridePayloadSchema,
  visitsOutsideHours,
} from '../../contracts';
import type { DateOverrideSchema, RemoveOverrideReplySchema, SetOverrideReplySchema } from '../../contracts';
import { clinicToday } from '../../contracts/booking-rules';
import { type BookedVisit, DoctorCalendarService, listed } from './doctor-calendar.service';

type Override = z.output<typeof DateOverrideSchema>;

/** The slot length a date's own hours take: the weekly hours' in effect that date, else the clinic's 30 minutes. */
const DEFAULT_SLOT_MINUTES = 30;

/**
 * A doctor's own hours for single dates (issue 37, docs/decisions/0116-date-overrides.md): set, listed, removed by the
 * doctor themself or an admin. As new weekly hours, never silent: the booked visits a change leaves without their slot
 * are listed (409, nothing saved) until confirmed, then each needs a new time (cause `hours`). Booking, reschedule and
 * availability see overrides through DoctorCalendarService.calendar.
 */
@Injectable()
export class DateOverridesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly calendar: DoctorCalendarService,
  ) {}

  /** GET /doctors/{id}/overrides: from today on, in date order. */
  async list(actor: Principal, request: unknown): Promise<Override[]> {
    const { doctor_id } = parsePayload(DoctorOnlyPayloadSchema, request);
    await this.calendar.ownDoctor(actor, doctor_id);
    const today = clinicToday();
    const [rows, calendar] = await Promise.all([
      this.dataSource.query(
        `SELECT override_date::text AS date, sessions FROM doctor_date_overrides WHERE doctor_id = $1 AND override_date >= $2 ORDER BY override_date`,
        [doctor_id, today],
      ) as Promise<DateOverride[]>,
      this.calendar.calendar(this.dataSource.manager, doctor_id, today, today),
    ]);
    return rows.map((row) => this.shape(doctor_id, row, slotMinutesOn(calendar.hours, row.date)));
  }

  /** PUT /doctors/{id}/overrides/{date}: replaces the date's own hours. */
  async set(actor: Principal, request: unknown): Promise<z.output<typeof SetOverrideReplySchema>> {
    const payload = parsePayload(OverridePayloadSchema, request);
    if (!isCalendarDate(payload.date)) throw badRequest(DateOverrideMessages.overrideDate); // the shape passes 2026-02-30
    await this.calendar.ownDoctor(actor, payload.doctor_id);
    const override: DateOverride = { date: payload.date, sessions: payload.sessions.map(({ start, end }) => ({ start, end })) };
    return this.dataSource.transaction(async (manager) => {
      await this.calendar.lockExclusive(manager, payload.doctor_id);
      const calendar = await this.calendar.calendar(manager, payload.doctor_id, payload.date, payload.date);
      const slotMinutes = slotMinutesOn(calendar.hours, payload.date);
      const problem = overrideProblem(override, slotMinutes, clinicToday());
      if (problem) throw badRequest(problem);
      const affected = await this.outside(manager, payload.doctor_id, payload.date, [override]);
      if (affected.length && payload.confirm !== true) throw hasAppointments(affected);
      await manager.query(
        `INSERT INTO doctor_date_overrides (doctor_id, override_date, sessions) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (doctor_id, override_date) DO UPDATE SET sessions = excluded.sessions, created_at = now()`,
        [payload.doctor_id, payload.date, JSON.stringify(sortByStart(override.sessions))],
      );
      await this.calendar.needNewTime(manager, affected, 'hours', null);
      const saved = this.shape(payload.doctor_id, { ...override, sessions: sortByStart(override.sessions) }, slotMinutes);
      return { ...saved, needs_new_time: listed(affected), message: DateOverrideMessages.overrideSaved };
    });
  }

  /** DELETE /doctors/{id}/overrides/{date}: the date goes back to the weekly hours (never silently over visits). */
  async remove(actor: Principal, request: unknown): Promise<z.output<typeof RemoveOverrideReplySchema>> {
    const { doctor_id, date, confirm } = parsePayload(OverrideByDatePayloadSchema, request);
    if (!isCalendarDate(date)) throw badRequest(DateOverrideMessages.overrideDate);
    await this.calendar.ownDoctor(actor, doctor_id);
    return this.dataSource.transaction(async (manager) => {
      await this.calendar.lockExclusive(manager, doctor_id);
      const existing: unknown[] = await manager.query(`SELECT 1 FROM doctor_date_overrides WHERE doctor_id = $1 AND override_date = $2`, [doctor_id, date]);
      if (!existing.length) throw notFound(DateOverrideMessages.overrideNotFound);
      const affected = await this.outside(manager, doctor_id, date, []);
      if (affected.length && confirm !== true) throw hasAppointments(affected);
      await manager.query(`DELETE FROM doctor_date_overrides WHERE doctor_id = $1 AND override_date = $2`, [doctor_id, date]);
      await this.calendar.needNewTime(manager, affected, 'hours', null);
      return { doctor_id, date, needs_new_time: listed(affected), message: DateOverrideMessages.overrideRemoved };
    });
  }

  /** The doctor's booked visits on the date that the date's plan with `overrides` in place leaves without a slot. */
  private async outside(manager: EntityManager, doctorId: number, date: string, overrides: DateOverride[]): Promise<BookedVisit[]> {
    const visits = await this.calendar.bookedVisits(manager, 'a.doctor_id = $1 AND a.appointment_date = $2::date', [doctorId, date]);
    if (!visits.length) return [];
    const calendar = await this.calendar.calendar(manager, doctorId, date, date);
    return visitsOutsideHours(visits, { ...calendar, overrides });
  }

  private shape(doctorId: number, override: DateOverride, slotMinutes: number): Override {
    return { doctor_id: doctorId, date: override.date, sessions: override.sessions.map(({ start, end }) => ({ start, end })), slot_minutes: slotMinutes };
  }
}

const slotMinutesOn = (hours: Parameters<typeof hoursOn>[0], date: string) => hoursOn(hours, date)?.slot_minutes ?? DEFAULT_SLOT_MINUTES;
const sortByStart = (sessions: DateOverride['sessions']) => [...sessions].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
const hasAppointments = (affected: BookedVisit[]) =>
  new RpcFailure(409, DateOverrideMessages.overrideHasAppointments(affected.length), 'OVERRIDE_HAS_APPOINTMENTS', { appointments: listed(affected) });

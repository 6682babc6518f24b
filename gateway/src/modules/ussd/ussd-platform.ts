import { HttpException, Injectable } from '@nestjs/common';
import { getProcessLogger, isRowsPage, JsonText, subject } from '@afya/service-shared';
import { AuthPatterns, type FamilyReply, type UpdateProfilePayload, type UssdSignInPayload, type UssdSignInReply } from '@afya/auth-service/contracts';
import {
  addDays,
  AppointmentPatterns,
  type AppointmentView,
  type AvailabilityPayload,
  type AvailabilityReply,
  type BookPayload,
  type BookReply,
  bookingAmount,
  bookingWindow,
  CANCELLATION_NOTICE_HOURS,
  type DoctorListReply,
  type SetStatusPayload,
} from '@afya/appointment-service/contracts';
import { PaymentPatterns, type StkPushPayload, type StkPushReply } from '@afya/payment-service/contracts';
import type { Caller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';
import type { UssdBooking, UssdDoctor, UssdPlatform, UssdSignIn, UssdVisit } from './ussd-menu';
import type { UssdLanguage } from './ussd-texts';

/** The type a USSD booking is (the fee shown is the doctor's, else this type's default). */
const USSD_APPOINTMENT_TYPE = 'Consultation';
/** The booking's reason (the web asks for one; a keypad cannot type it). */
const USSD_BOOKING_NOTE = 'Booked by phone (USSD).';
const DAYS_SHOWN = 7;
/** Availability asked for this many dates at once while looking for the doctor's next working days. */
const DAYS_PER_ROUND = 8;

/** The bus error's status, or rethrown when it is not a refusal of the request (a service down stays an error). */
function refusal(error: unknown): number {
  if (error instanceof HttpException && error.getStatus() >= 400 && error.getStatus() < 500) return error.getStatus();
  throw error;
}

/**
 * The USSD menu's reads and writes: the same bus calls the web app's requests become, sent as the patient the PIN
 * signed in (so every rule of the services applies as on the web: booking window and hours, family scopes, the 24-hour
 * cancellation and its refund, one pending STK push per appointment), and the sign-in itself from auth.
 */
@Injectable()
export class BusUssdPlatform implements UssdPlatform {
  constructor(private readonly bus: ServiceClient) {}

  /** `now` is read per call (the booking window and "upcoming" follow the clock). */
  now: () => Date = () => new Date();

  private as(userId: number): Caller {
    return { principal: { userId, role: 'user' }, requestId: '' };
  }

  async signIn(phone: string, pin?: string): Promise<UssdSignIn> {
    const payload: UssdSignInPayload = pin === undefined ? { phone } : { phone, pin };
    const reply = await this.bus.send<UssdSignInReply>(subject(AuthPatterns.ussdSignIn), payload, { principal: null, requestId: '' });
    switch (reply.status) {
      case 'ok':
        return { status: 'ok', language: reply.language, user_id: reply.user_id!, firstname: reply.firstname };
      case 'wrong_pin':
        return { status: 'wrong_pin', language: reply.language, tries_left: reply.tries_left ?? 0 };
      case 'locked':
        return { status: 'locked', language: reply.language, locked_until: reply.locked_until, now_locked: reply.tries_left === 0 };
      default:
        return { status: reply.status, language: reply.language, firstname: reply.firstname };
    }
  }

  async members(userId: number): Promise<{ member_id: number; name: string }[]> {
    const family = await this.bus.send<FamilyReply>(subject(AuthPatterns.family), {}, this.as(userId));
    return family.members
      .filter((m) => m.member_id !== null && m.status === 'active' && m.scopes.includes('book'))
      .map((m) => ({ member_id: m.member_id!, name: m.full_name }));
  }

  private async bookableDoctors(userId: number) {
    const { doctors } = await this.bus.send<DoctorListReply>(subject(AppointmentPatterns.listDoctors), {}, this.as(userId));
    return doctors.filter((d) => d.approved && d.specialization);
  }

  async specialties(userId: number): Promise<string[]> {
    return [...new Set((await this.bookableDoctors(userId)).map((d) => d.specialization!))].sort((a, b) => a.localeCompare(b));
  }

  async doctors(userId: number, specialty: string): Promise<UssdDoctor[]> {
    return (await this.bookableDoctors(userId))
      .filter((d) => d.specialization === specialty)
      .sort((a, b) => a.doctor_id - b.doctor_id)
      .map((d) => ({ doctor_id: d.doctor_id, name: `${d.first_name} ${d.last_name}`, fee: bookingAmount(USSD_APPOINTMENT_TYPE, d.fee) }));
  }

  private availability(userId: number, doctorId: number, date: string): Promise<AvailabilityReply> {
    const payload: AvailabilityPayload = { doctor_id: doctorId, date };
    return this.bus.send<AvailabilityReply>(subject(AppointmentPatterns.availability), payload, this.as(userId));
  }

  async days(userId: number, doctorId: number): Promise<string[]> {
    const { first, last } = bookingWindow(this.now());
    const days: string[] = [];
    for (let start = first; start <= last && days.length < DAYS_SHOWN; start = addDays(start, DAYS_PER_ROUND)) {
      const dates = Array.from({ length: DAYS_PER_ROUND }, (_, i) => addDays(start, i)).filter((date) => date <= last);
      const replies = await Promise.all(dates.map((date) => this.availability(userId, doctorId, date)));
      for (const reply of replies) if (reply.bookable_date && !reply.unavailable && reply.slots.length) days.push(reply.date);
    }
    return days.slice(0, DAYS_SHOWN);
  }

  async slots(userId: number, doctorId: number, date: string): Promise<{ time_slot: string; available: boolean }[]> {
    return (await this.availability(userId, doctorId, date)).slots;
  }

  async book(userId: number, booking: { doctor_id: number; date: string; time_slot: string; member_id: number | null }): Promise<UssdBooking> {
    const payload = {
      doctor_id: booking.doctor_id,
      appointment_type: USSD_APPOINTMENT_TYPE,
      appointment_date: booking.date,
      time_slot: booking.time_slot,
      notes: USSD_BOOKING_NOTE,
      ...(booking.member_id !== null ? { member_id: booking.member_id } : {}),
    } satisfies Partial<BookPayload>;
    try {
      const reply = await this.bus.send<BookReply>(subject(AppointmentPatterns.book), payload, this.as(userId));
      return { ok: true, appointment_id: reply.appointment_id, amount: reply.appointment.total_amount };
    } catch (error) {
      return { ok: false, taken: refusal(error) === 409 };
    }
  }

  async pay(userId: number, appointmentId: number, amount: number, phone: string): Promise<boolean> {
    const payload: StkPushPayload = { appointment_id: appointmentId, amount, phone };
    try {
      await this.bus.send<StkPushReply>(subject(PaymentPatterns.stkPush), payload, this.as(userId), 20_000);
      return true;
    } catch (error) {
      // The booking is written by now: whatever kept the push from starting (a refusal, a timeout), the patient is told
      // it is booked and not yet paid, never "try again" (which would book a second visit).
      getProcessLogger().warn({ appointmentId, err: error }, 'USSD booking: the STK push did not start');
      return false;
    }
  }

  async upcoming(userId: number): Promise<UssdVisit[]> {
    const answer = await this.bus.send<JsonText | { rows: AppointmentView[]; total: number } | AppointmentView[]>(subject(AppointmentPatterns.listOwn), { limit: 1000, offset: 0 }, this.as(userId));
    const rows = answer instanceof JsonText ? answer.parse<AppointmentView[]>() : isRowsPage(answer) ? (answer.rows as AppointmentView[]) : answer;
    const now = this.now().getTime();
    return rows
      .filter((v) => (v.appointment_status === 'Pending' || v.appointment_status === 'Confirmed') && Date.parse(v.starts_at) > now)
      .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))
      .map((v) => ({
        appointment_id: v.appointment_id,
        date: v.appointment_date,
        time_slot: v.time_slot,
        doctor_name: `${v.doctor.first_name} ${v.doctor.last_name}`,
        paid: v.paid,
        cancellable: Date.parse(v.starts_at) - now >= CANCELLATION_NOTICE_HOURS * 3600_000,
      }));
  }

  async cancel(userId: number, appointmentId: number): Promise<boolean> {
    const payload: SetStatusPayload = { id: appointmentId, status: 'Cancelled' };
    try {
      await this.bus.send(subject(AppointmentPatterns.setStatus), payload, this.as(userId));
      return true;
    } catch (error) {
      refusal(error);
      return false;
    }
  }

  async setLanguage(userId: number, language: UssdLanguage): Promise<void> {
    const payload: UpdateProfilePayload = { language };
    await this.bus.send(subject(AuthPatterns.updateProfile), payload, this.as(userId));
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { badRequest, forbidden, notFound, parsePayload, Principal, recordEvent } from '@afya/service-shared';
import {
  AdminDoctorListReply,
  AppointmentEvents,
  AppointmentMessages,
  ApproveDoctorPayload,
  ApproveDoctorReply,
  DoctorEventData,
  DoctorListQuerySchema,
  DoctorListReply,
  DoctorProfile,
  DoctorProfileReply,
  SetFeePayloadSchema,
  SetFeeReply,
  SetVideoPayloadSchema,
  SetVideoReply,
  SPECIALIZATIONS,
  WEEKDAYS,
} from '../../contracts';
import { acceptedPayersOf, acceptsPayerSql } from '../insurance/doctor-payers.sql';

export const DOCTOR_SELECT = `
  SELECT doctor_id, user_id, first_name, last_name, specialization, fee::float8 AS fee, contact_phone, available_days, offers_video,
         approval_status, active, created_at, updated_at
    FROM doctors`;

export interface DoctorRow {
  doctor_id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  specialization: string | null;
  fee: number | null;
  contact_phone: string | null;
  available_days: string[];
  offers_video: boolean;
  approval_status: 'pending' | 'approved';
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

/** TypeORM answers UPDATE ... RETURNING with [rows, affected]; SELECT and INSERT with rows. */
export function returnedRows<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

export const DOCTOR_PROFILE_NOT_FOUND = 'Doctor profile not found';

export function toDoctorProfile(row: DoctorRow): DoctorProfile {
  return {
    doctor_id: row.doctor_id,
    user_id: row.user_id,
    first_name: row.first_name,
    last_name: row.last_name,
    specialization: row.specialization,
    fee: row.fee === null ? null : Number(row.fee),
    contact_phone: row.contact_phone,
    available_days: row.available_days ?? [],
    offers_video: row.offers_video === true,
    approval_status: row.approval_status,
    approved: row.approval_status === 'approved',
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The profile's fields that other services may keep (doctor.* events). */
export function toDoctorEventData(row: DoctorRow): DoctorEventData {
  const { doctor_id, user_id, first_name, last_name, specialization, fee, approval_status, available_days, offers_video } = toDoctorProfile(row);
  return { doctor_id, user_id, first_name, last_name, specialization, fee, approval_status, available_days, offers_video };
}

/** Weekday names as the demo data and Find Doctors write them ('monday' → 'Monday'); unknown names are refused. */
export function normalizeDays(days: string[]): string[] {
  const out: string[] = [];
  for (const day of days) {
    const match = WEEKDAYS.find((w) => w.toLowerCase() === day.trim().toLowerCase());
    if (!match) throw badRequest(`Unknown weekday "${day}"`);
    if (!out.includes(match)) out.push(match);
  }
  return out;
}

@Injectable()
export class DoctorsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findById(doctorId: number, manager: EntityManager = this.dataSource.manager, lock = false): Promise<DoctorRow | null> {
    const rows: DoctorRow[] = await manager.query(`${DOCTOR_SELECT} WHERE doctor_id = $1${lock ? ' FOR UPDATE' : ''}`, [doctorId]);
    return rows[0] ?? null;
  }

  async findByUser(userId: number, manager: EntityManager = this.dataSource.manager): Promise<DoctorRow | null> {
    const rows: DoctorRow[] = await manager.query(`${DOCTOR_SELECT} WHERE user_id = $1`, [userId]);
    return rows[0] ?? null;
  }

  /** GET /appointments/doctors: patients and doctors see approved doctors; admins see every active profile. */
  async list(actor: Principal, request?: unknown): Promise<DoctorListReply> {
    // Issue 38: `?payer=SHA` keeps the doctors who accept that payer; each profile lists the payers it accepts.
    const { payer } = parsePayload(DoctorListQuerySchema, request ?? {});
    const where = actor.role === 'admin' ? 'WHERE active' : `WHERE active AND approval_status = 'approved'`;
    const rows: DoctorRow[] = await this.dataSource.query(
      `${DOCTOR_SELECT} ${where}${payer ? ` AND ${acceptsPayerSql('$1')}` : ''} ORDER BY last_name, first_name, doctor_id`,
      payer ? [payer] : [],
    );
    const payers = await acceptedPayersOf(this.dataSource, rows.map((row) => row.doctor_id));
    return { doctors: rows.map((row) => ({ ...toDoctorProfile(row), payers: payers.get(row.doctor_id) ?? [] })) };
  }

  /** GET /admin/doctors: every active profile with its approval state, those awaiting approval first. */
  async adminList(actor: Principal): Promise<AdminDoctorListReply> {
    if (actor.role !== 'admin') throw forbidden();
    const rows: DoctorRow[] = await this.dataSource.query(
      `${DOCTOR_SELECT} WHERE active ORDER BY (approval_status = 'pending') DESC, last_name, first_name, doctor_id`,
    );
    return { doctors: rows.map(toDoctorProfile), pending: rows.filter((r) => r.approval_status === 'pending').length };
  }

  /** GET /doctor/profile-by-user/{userId}: the doctor themself or an admin. */
  async byUser(actor: Principal, userId: number): Promise<DoctorProfileReply> {
    if (actor.role === 'user') throw forbidden();
    if (actor.role === 'doctor' && actor.userId !== userId) throw notFound(DOCTOR_PROFILE_NOT_FOUND);
    const row = await this.findByUser(userId);
    if (!row || (!row.active && actor.role !== 'admin')) throw notFound(DOCTOR_PROFILE_NOT_FOUND);
    const doctor = toDoctorProfile(row);
    return { ...doctor, doctor };
  }

  /** PATCH /doctor/{id}/fee: the doctor themself or an admin. */
  async setFee(actor: Principal, request: unknown): Promise<SetFeeReply> {
    if (actor.role === 'user') throw forbidden();
    const { doctor_id, fee } = parsePayload(SetFeePayloadSchema, request);
    const row = await this.dataSource.transaction(async (manager) => {
      const current = await this.findById(doctor_id, manager, true);
      if (!current || (actor.role === 'doctor' && current.user_id !== actor.userId)) throw notFound(DOCTOR_PROFILE_NOT_FOUND);
      const [updated] = returnedRows<DoctorRow>(await manager.query(
        `UPDATE doctors SET fee = round($2::numeric, 2), updated_at = now() WHERE doctor_id = $1
         RETURNING doctor_id, user_id, first_name, last_name, specialization, fee::float8 AS fee, contact_phone, available_days, offers_video,
                   approval_status, active, created_at, updated_at`,
        [doctor_id, fee],
      ));
      await recordEvent(manager, AppointmentEvents.doctorUpdated, toDoctorEventData(updated));
      return updated;
    });
    const doctor = toDoctorProfile(row);
    return { ...doctor, doctor, message: 'Fee updated!' };
  }

  /** PATCH /doctor/{id}/video: the doctor themself or an admin turns video visits on or off. */
  async setVideo(actor: Principal, request: unknown): Promise<SetVideoReply> {
    if (actor.role === 'user') throw forbidden();
    const { doctor_id, offers_video } = parsePayload(SetVideoPayloadSchema, request);
    const row = await this.dataSource.transaction(async (manager) => {
      const current = await this.findById(doctor_id, manager, true);
      if (!current || (actor.role === 'doctor' && current.user_id !== actor.userId)) throw notFound(DOCTOR_PROFILE_NOT_FOUND);
      if (current.offers_video === offers_video) return current;
      const [updated] = returnedRows<DoctorRow>(await manager.query(
        `UPDATE doctors SET offers_video = $2, updated_at = now() WHERE doctor_id = $1
         RETURNING doctor_id, user_id, first_name, last_name, specialization, fee::float8 AS fee, contact_phone, available_days, offers_video,
                   approval_status, active, created_at, updated_at`,
        [doctor_id, offers_video],
      ));
      await recordEvent(manager, AppointmentEvents.doctorUpdated, toDoctorEventData(updated));
      return updated;
    });
    const doctor = toDoctorProfile(row);
    return { ...doctor, doctor, message: offers_video ? 'Video visits turned on.' : 'Video visits turned off.' };
  }

  /** PATCH /admin/doctors/{id}/approve: the doctor becomes bookable; doctor.approved once. */
  async approve(actor: Principal, payload: ApproveDoctorPayload): Promise<ApproveDoctorReply> {
    if (actor.role !== 'admin') throw forbidden();
    if (payload.specialization !== undefined && !(SPECIALIZATIONS as readonly string[]).includes(payload.specialization)) {
      throw badRequest(AppointmentMessages.specialization);
    }
    const days = payload.available_days ? normalizeDays(payload.available_days) : undefined;
    const row = await this.dataSource.transaction(async (manager) => {
      const current = await this.findById(payload.doctor_id, manager, true);
      if (!current || !current.active) throw notFound(DOCTOR_PROFILE_NOT_FOUND);
      const [updated] = returnedRows<DoctorRow>(await manager.query(
        `UPDATE doctors
            SET approval_status = 'approved',
                approved_at = COALESCE(approved_at, now()),
                approved_by = COALESCE(approved_by, $2),
                specialization = COALESCE($3, specialization),
                available_days = COALESCE($4::text[], available_days),
                updated_at = now()
          WHERE doctor_id = $1
         RETURNING doctor_id, user_id, first_name, last_name, specialization, fee::float8 AS fee, contact_phone, available_days, offers_video,
                   approval_status, active, created_at, updated_at`,
        [payload.doctor_id, actor.userId, payload.specialization ?? null, days ?? null],
      ));
      if (current.approval_status !== 'approved') {
        await recordEvent(manager, AppointmentEvents.doctorApproved, { ...toDoctorEventData(updated), approved_by: actor.userId });
      } else if (payload.specialization !== undefined || days !== undefined) {
        await recordEvent(manager, AppointmentEvents.doctorUpdated, toDoctorEventData(updated));
      }
      return updated;
    });
    return { doctor: toDoctorProfile(row), message: 'Doctor approved' };
  }
}

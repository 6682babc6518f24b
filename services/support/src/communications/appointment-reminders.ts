import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { notFound, type Principal } from '@afya/service-shared';
import { AppointmentMessages } from '@afya/appointment-service/contracts';
import type { AppointmentRemindersPayload, AppointmentRemindersReply } from '../../contracts';
import { groupReminders, type ReminderJobRow } from './rules/reminders-view';

/**
 * GET /appointments/{id}/reminders (issue 37, "reminders where the patient looks"): the visit's reminder jobs as the
 * scheduler queued them, with what the sender did on each channel. Its patient, its doctor and admins; anyone else,
 * a visit this service has not heard of, or one deleted: 404 (as its calendar file).
 */
@Injectable()
export class AppointmentReminders {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async read(actor: Principal, payload: AppointmentRemindersPayload | undefined): Promise<AppointmentRemindersReply> {
    const appointmentId = Number(payload?.id);
    if (!Number.isInteger(appointmentId) || appointmentId < 1) throw notFound(AppointmentMessages.appointmentNotFound);
    const [visit] = (await this.db.query(`SELECT user_id, doctor_user_id, deleted FROM message_appointments WHERE appointment_id = $1`, [appointmentId])) as {
      user_id: number;
      doctor_user_id: number;
      deleted: boolean;
    }[];
    const mayRead =
      visit && !visit.deleted && (actor.role === 'admin' || (actor.role === 'user' && visit.user_id === actor.userId) || (actor.role === 'doctor' && visit.doctor_user_id === actor.userId));
    if (!mayRead) throw notFound(AppointmentMessages.appointmentNotFound);
    // The jobs still planned (a move or a cancellation withdraws them), and the ones withdrawn after they had left:
    // what was sent stays said.
    const rows = (await this.db.query(
      `SELECT j.kind, j.channel, j.run_at, d.status, d.sent_at
         FROM message_jobs j LEFT JOIN deliveries d ON d.job_id = j.job_id
        WHERE j.appointment_id = $1 AND j.kind LIKE 'reminder-%' AND (NOT j.withdrawn OR d.status IN ('sent', 'delivered'))`,
      [appointmentId],
    )) as ReminderJobRow[];
    return { appointment_id: appointmentId, reminders: groupReminders(rows) };
  }
}

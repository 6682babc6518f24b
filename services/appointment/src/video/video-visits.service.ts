import { Injectable } from '@nestjs/common';
import { badRequest, notFound, Principal } from '@afya/service-shared';
import { AppointmentMessages, VideoAccessReply, videoJoinWindow } from '../../contracts';
import { AppointmentsService } from '../appointments/appointments.service';
import { fullName } from '../appointments/appointment.sql';
import { assertCanJoinVideo } from '../rules/video-visit';

/**
 * Video visits (issue 26): who may join one, and when. The call itself never passes through this service: the
 * gateway relays the two browsers' signalling and asks here, on every step, whether the caller may still take part.
 */
@Injectable()
export class VideoVisitsService {
  constructor(private readonly appointments: AppointmentsService) {}

  /** appointment.v1.video.access: the caller's side and the window, or 403/404 with the reason (rules/video-visit.ts). */
  async access(actor: Principal, id: number, now: Date = new Date()): Promise<VideoAccessReply> {
    if (!Number.isInteger(id) || id <= 0) throw badRequest('Appointment id must be a positive whole number');
    const row = await this.appointments.findRow(id);
    if (!row) throw notFound(AppointmentMessages.appointmentNotFound);
    const side = assertCanJoinVideo(actor, row, now);
    const { opensAt, closesAt } = videoJoinWindow(row.starts_at.getTime());
    return {
      appointment_id: row.appointment_id,
      side,
      patient_user_id: row.user_id,
      doctor_user_id: row.doctor_user_id,
      patient_name: fullName(row.user_firstname, row.user_lastname) ?? row.patient_full_name,
      doctor_name: fullName(row.doctor_first_name, row.doctor_last_name),
      appointment_date: row.appointment_date,
      time_slot: row.time_slot,
      opens_at: new Date(opensAt).toISOString(),
      closes_at: new Date(closesAt).toISOString(),
    };
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { badRequest, notFound, Principal } from '@afya/service-shared';
import { AppointmentMessages, VideoAccessReply, videoJoinWindow, VideoPresencePayload } from '../../contracts';
import { AuditTrail } from '../audit/audit-trail';
import { AppointmentRecords } from '../appointments/appointment-records';
import { fullName } from '../appointments/appointment.sql';
import { assertCanJoinVideo, videoSideOf } from '../rules/video-visit';

/**
 * Video visits (issue 26): who may join one, and when. The call itself never passes through this service: the
 * gateway relays the two browsers' signalling and asks here, on every step, whether the caller may still take part.
 */
@Injectable()
export class VideoVisitsService {
  constructor(
    private readonly records: AppointmentRecords,
    private readonly audit: AuditTrail,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  private async row(id: number) {
    if (!Number.isInteger(id) || id <= 0) throw badRequest('Appointment id must be a positive whole number');
    const row = await this.records.findRow(id);
    if (!row) throw notFound(AppointmentMessages.appointmentNotFound);
    return row;
  }

  /**
   * appointment.v1.video.presence: a participant joined (their call screen's stream opened, within the rule) or left
   * (it closed, whenever). One audit.recorded event each, through the outbox, with no fields: who and when, never
   * anything of the call. The prescription service puts them in the patient's access log.
   */
  async presence(actor: Principal, { id, event }: VideoPresencePayload, requestId?: string): Promise<{ recorded: true }> {
    if (event !== 'joined' && event !== 'left') throw badRequest('event must be joined or left');
    const row = await this.row(id);
    if (event === 'joined') assertCanJoinVideo(actor, row);
    else if (!videoSideOf(actor, row)) throw notFound(AppointmentMessages.appointmentNotFound);
    await this.dataSource.transaction((manager) =>
      this.audit.recordChange(manager, actor, event === 'joined' ? 'video_joined' : 'video_left', [row], requestId, []),
    );
    return { recorded: true };
  }

  /** appointment.v1.video.access: the caller's side and the window, or 403/404 with the reason (rules/video-visit.ts). */
  async access(actor: Principal, id: number, now: Date = new Date()): Promise<VideoAccessReply> {
    const row = await this.row(id);
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

import { forbidden, notFound, Principal } from '@afya/service-shared';
import { AppointmentMessages, VideoJoinRefusal, videoJoinRefusal, VideoSide, VisitMode } from '../../contracts';
import { AppointmentAccess } from './permissions';

/** What the joining rule needs to know about an appointment. */
export interface VideoVisitFacts extends Pick<AppointmentAccess, 'user_id' | 'doctor_user_id' | 'starts_at' | 'appointment_status'> {
  paid: boolean;
  visit_mode: VisitMode;
}

const REFUSALS: Record<VideoJoinRefusal, string> = {
  not_video: AppointmentMessages.videoNotVideo,
  cancelled: AppointmentMessages.videoCancelled,
  completed: AppointmentMessages.videoCompleted,
  unpaid: AppointmentMessages.videoUnpaid,
  too_early: AppointmentMessages.videoTooEarly,
  closed: AppointmentMessages.videoClosed,
};

/** The caller's side of the visit, or null when they are neither its patient nor its doctor. */
export function videoSideOf(actor: Principal, visit: Pick<VideoVisitFacts, 'user_id' | 'doctor_user_id'>): VideoSide | null {
  if (actor.role === 'user' && visit.user_id === actor.userId) return 'patient';
  if (actor.role === 'doctor' && visit.doctor_user_id === actor.userId) return 'doctor';
  return null;
}

/**
 * Joining a video visit (issue 26): only its patient and its doctor, only within the window and state the contract's
 * videoJoinRefusal allows (booking-rules.ts; the window counts from the visit's starts_at, as the web app's button
 * does). Another patient or doctor gets 404 (the appointment is not theirs to know of, as everywhere: CONTRACT.md
 * §10.1); an admin, who may see it, 403; a participant outside the rule 403 with the reason. Returns the caller's side.
 */
export function assertCanJoinVideo(actor: Principal, visit: VideoVisitFacts, now: Date = new Date()): VideoSide {
  const side = videoSideOf(actor, visit);
  if (!side) {
    if (actor.role === 'admin') throw forbidden(AppointmentMessages.videoParticipantsOnly);
    throw notFound(AppointmentMessages.appointmentNotFound);
  }
  const refusal = videoJoinRefusal(visit, now);
  if (refusal) throw forbidden(REFUSALS[refusal]);
  return side;
}

/**
 * The video visit's calls (part of AppointmentCalls, calls.ts), each served from its declaration with a gateway
 * handling of its own (gateway/src/modules/video/video.calls.ts): the session adds the ICE servers the gateway hands
 * out; a signal is checked and relayed by the gateway (its refusal is one message with no `errors` list, so the body
 * is checked there and documented here). The visit's events are a stream and stay a controller method.
 */
import { call, reply } from '@afya/service-shared/calls';
import { idParam, z } from '@afya/service-shared/schema';
import { AppointmentPatterns } from './patterns';

/** appointment.v1.video.access: the caller may join this visit now; who the two sides are and the window. */
export const VideoAccessReplySchema = z.object({
  appointment_id: z.number().int(),
  side: z.enum(['patient', 'doctor']),
  patient_user_id: z.number().int(),
  doctor_user_id: z.number().int(),
  patient_name: z.string().nullable(),
  doctor_name: z.string().nullable(),
  appointment_date: z.string(),
  time_slot: z.string(),
  opens_at: z.string().meta({ description: 'ISO instant: joining is allowed from here until closes_at' }),
  closes_at: z.string(),
});

/** RTCConfiguration.iceServers: STUN, and TURN with credentials that expire when the window closes. */
export const IceServerSchema = z.object({ urls: z.array(z.string()), username: z.string().optional(), credential: z.string().optional() });
/** One entry of RTCConfiguration.iceServers, as the browser takes it. */
export type IceServer = z.output<typeof IceServerSchema>;

/** GET /video/{id}: everything a participant's browser needs to start the call. */
export const VideoSessionReplySchema = VideoAccessReplySchema.extend({
  ice_servers: z.array(IceServerSchema),
  recording: z.literal('none').meta({ description: 'Shown on the call screen' }),
});

/**
 * What one browser sends the other (POST /video/{id}/signal): an SDP offer or answer, or an ICE candidate. Documented
 * here, checked by the gateway (gateway/src/modules/video/signal-message.ts: exact keys, sizes, ASCII).
 */
export const VideoSignalSchema = z.union([
  z.object({ kind: z.literal('description'), description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string() }) }),
  z.object({
    kind: z.literal('candidate'),
    candidate: z.object({ candidate: z.string(), sdpMid: z.string().nullable(), sdpMLineIndex: z.number().int().nullable(), usernameFragment: z.string().nullable() }),
  }),
]);
/** The signal's body as the declaration reads it: anything, typed as a signal (the gateway's check gives the one refusal). */
const SignalBody = z.custom<z.input<typeof VideoSignalSchema>>(() => true).meta({ description: 'An SDP offer or answer, or an ICE candidate (VideoSignal)' });

const visit = z.object({ id: idParam });

export const VideoCalls = {
  /** The caller's side, the window and the ICE servers; 403/404 when they may not join now. */
  videoSession: call
    .route({ method: 'GET', path: '/video/{id}', tags: ['video'], summary: "The caller's side, the window and the ICE servers" })
    .meta({ subject: AppointmentPatterns.videoAccess, roles: ['user', 'doctor'] })
    .input(z.object({ params: visit }))
    .output(reply(VideoSessionReplySchema)),

  /** One signal (an SDP offer/answer or an ICE candidate) to the other participant. */
  videoSignal: call
    .route({ method: 'POST', path: '/video/{id}/signal', successStatus: 202, tags: ['video'], summary: 'One signal (an SDP offer/answer or an ICE candidate) to the other participant' })
    .meta({ subject: AppointmentPatterns.videoAccess, roles: ['user', 'doctor'] })
    .input(z.object({ params: visit, body: SignalBody }))
    .output(reply(z.object({ relayed: z.literal(true) }))),

};

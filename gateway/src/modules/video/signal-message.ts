import type { VideoSignal } from '@afya/appointment-service/contracts';

/**
 * What one browser of a video visit may send the other through the gateway (issue 26): the appointment contracts'
 * VideoSignal, a session description (SDP offer or answer) or an ICE candidate, and nothing else. Media never passes
 * here (it flows between the browsers, or through TURN); a message of any other shape, with extra keys, or too large
 * is refused before it is relayed.
 */
export type SignalMessage = VideoSignal;

/** An SDP of a one-to-one call with audio and video is a few KB; the cap leaves room for many candidates in it. */
export const MAX_SDP_LENGTH = 64 * 1024;
/** One ICE candidate line (RFC 8839) is well under 1 KB. */
export const MAX_CANDIDATE_LENGTH = 1024;

export const SIGNAL_INVALID = 'A signal is an SDP offer or answer, or an ICE candidate';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;

const onlyKeys = (value: Record<string, unknown>, allowed: string[]) => Object.keys(value).every((key) => allowed.includes(key));

/** Printable ASCII only (SDP and candidate lines are ASCII), with the SDP's line breaks. */
const ASCII_LINES = /^[\x20-\x7e\r\n]*$/;
const ASCII = /^[\x20-\x7e]*$/;

/** The message as it may be relayed (a fresh object holding only the allowed fields), or null when refused. */
export function parseSignal(body: unknown): SignalMessage | null {
  if (!isPlainObject(body)) return null;
  if (body.kind === 'description') {
    if (!onlyKeys(body, ['kind', 'description']) || !isPlainObject(body.description)) return null;
    const { type, sdp } = body.description;
    if (!onlyKeys(body.description, ['type', 'sdp'])) return null;
    if (type !== 'offer' && type !== 'answer') return null;
    if (typeof sdp !== 'string' || sdp.length > MAX_SDP_LENGTH || !sdp.startsWith('v=0') || !ASCII_LINES.test(sdp)) return null;
    return { kind: 'description', description: { type, sdp } };
  }
  if (body.kind === 'candidate') {
    if (!onlyKeys(body, ['kind', 'candidate']) || !isPlainObject(body.candidate)) return null;
    const c = body.candidate;
    if (!onlyKeys(c, ['candidate', 'sdpMid', 'sdpMLineIndex', 'usernameFragment'])) return null;
    // '' is the end-of-candidates marker; anything else is an a=candidate line's value.
    if (typeof c.candidate !== 'string' || c.candidate.length > MAX_CANDIDATE_LENGTH || !ASCII.test(c.candidate)) return null;
    if (c.candidate !== '' && !c.candidate.startsWith('candidate:')) return null;
    const sdpMid = c.sdpMid ?? null;
    const sdpMLineIndex = c.sdpMLineIndex ?? null;
    const usernameFragment = c.usernameFragment ?? null;
    if (sdpMid !== null && (typeof sdpMid !== 'string' || sdpMid.length > 64 || !ASCII.test(sdpMid))) return null;
    if (sdpMLineIndex !== null && (typeof sdpMLineIndex !== 'number' || !Number.isInteger(sdpMLineIndex) || sdpMLineIndex < 0 || sdpMLineIndex > 63)) return null;
    if (usernameFragment !== null && (typeof usernameFragment !== 'string' || usernameFragment.length > 256 || !ASCII.test(usernameFragment))) return null;
    return { kind: 'candidate', candidate: { candidate: c.candidate, sdpMid, sdpMLineIndex, usernameFragment } };
  }
  return null;
}

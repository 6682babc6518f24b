// The call screen's rules as pure functions: how good the connection is (from getStats()), what to tell a person
// whose camera or microphone could not be opened, and how the two browsers take turns negotiating.

export type Quality = 'good' | 'fair' | 'poor' | 'unknown';

/** One reading of the connection, from two getStats() reports a few seconds apart. */
export interface QualitySample {
  /** Round trip of the active candidate pair, ms (null: not known yet). */
  rttMs: number | null;
  /** Share of the inbound packets lost since the previous reading, 0..1 (null: nothing received yet). */
  lossRatio: number | null;
  /** Video frames decoded so far (0 or less: no picture from the other side yet). */
  framesDecoded: number;
}

/**
 * Good under 300 ms and 2% loss; poor from 700 ms or 10% loss (speech breaks up, video freezes); fair between.
 * Thresholds of the usual WebRTC quality meters (what people notice on a voice call).
 */
export function connectionQuality(sample: QualitySample): Quality {
  const { rttMs, lossRatio } = sample;
  if (rttMs === null && lossRatio === null) return 'unknown';
  if ((rttMs ?? 0) >= 700 || (lossRatio ?? 0) >= 0.1) return 'poor';
  if ((rttMs ?? 0) >= 300 || (lossRatio ?? 0) >= 0.02) return 'fair';
  return 'good';
}

/** The counters a reading is computed from (cumulative, as getStats() gives them). */
export interface StatsCounters {
  rttMs: number | null;
  packetsReceived: number;
  packetsLost: number;
  framesDecoded: number;
}

/** Reads the counters out of a getStats() report (its values, as an array: RTCStatsReport is a map). */
export function countersOf(stats: Array<Record<string, unknown>>): StatsCounters {
  let rttMs: number | null = null;
  let packetsReceived = 0;
  let packetsLost = 0;
  let framesDecoded = 0;
  for (const s of stats) {
    if (s.type === 'candidate-pair' && (s.nominated === true || s.selected === true) && s.state === 'succeeded' && typeof s.currentRoundTripTime === 'number') {
      rttMs = s.currentRoundTripTime * 1000;
    }
    if (s.type === 'inbound-rtp') {
      packetsReceived += typeof s.packetsReceived === 'number' ? s.packetsReceived : 0;
      packetsLost += typeof s.packetsLost === 'number' ? Math.max(0, s.packetsLost) : 0;
      if (s.kind === 'video' && typeof s.framesDecoded === 'number') framesDecoded += s.framesDecoded;
    }
  }
  return { rttMs, packetsReceived, packetsLost, framesDecoded };
}

/** The reading between two sets of counters (the loss of this interval, not since the call began). */
export function sampleBetween(previous: StatsCounters | null, current: StatsCounters): QualitySample {
  const received = current.packetsReceived - (previous?.packetsReceived ?? 0);
  const lost = current.packetsLost - (previous?.packetsLost ?? 0);
  const total = received + Math.max(0, lost);
  return { rttMs: current.rttMs, lossRatio: total > 0 ? Math.max(0, lost) / total : null, framesDecoded: current.framesDecoded };
}

/** Readings in a row that are poor before the call falls back to audio only by itself. */
export const POOR_READINGS_BEFORE_AUDIO_ONLY = 3;

/** What to tell a person whose camera or microphone could not be opened (getUserMedia's error). */
export function mediaErrorMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Your browser did not let this page use your camera and microphone. Allow them for this site (the camera icon in the address bar, or the site settings), then press Try again.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No microphone was found. Connect a headset or microphone, then press Try again.';
    case 'NotReadableError':
    case 'AbortError':
      return 'Your camera or microphone is in use by another application. Close it, then press Try again.';
    default:
      return 'Your camera and microphone could not be started. Press Try again.';
  }
}

/** The doctor's browser makes the offers (and the ICE restarts); the patient's answers. One side leads, so offers never cross. */
export const isOfferer = (side: 'patient' | 'doctor') => side === 'doctor';

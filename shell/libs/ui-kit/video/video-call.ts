import { ApiError } from 'shell/api-client';
import { readVideoStream, videoApi, type VideoSession, type VideoSignal, type VideoStreamEvent } from './video.api';
import {
  connectionQuality,
  countersOf,
  isOfferer,
  mediaErrorMessage,
  POOR_READINGS_BEFORE_AUDIO_ONLY,
  sampleBetween,
  type Quality,
  type StatsCounters,
} from './video.logic';

export type CallPhase =
  | 'loading' // asking whether we may join
  | 'refused' // the server said no (not ours, outside the window, cancelled...)
  | 'media-error' // camera/microphone refused or missing
  | 'waiting' // in the room, the other participant is not
  | 'connecting' // both here, media not flowing yet
  | 'connected'
  | 'reconnecting' // the network dropped: ICE restart or re-join under way
  | 'closed' // the window ended
  | 'ended'; // this person left

export interface CallState {
  phase: CallPhase;
  message: string | null;
  session: VideoSession | null;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  muted: boolean;
  cameraOff: boolean;
  audioOnly: boolean;
  /** Why the call is audio only when it went there by itself (no camera, a weak network). */
  audioOnlyReason: string | null;
  quality: Quality;
}

/** The browser APIs the call uses (tests pass fakes). */
export interface CallDeps {
  getUserMedia: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  createPeer: (config: RTCConfiguration) => RTCPeerConnection;
  session: (id: number) => Promise<VideoSession>;
  signal: (id: number, signal: VideoSignal) => Promise<unknown>;
  stream: (id: number, abort: AbortSignal, onEvent: (event: VideoStreamEvent) => void) => Promise<void>;
}

export const browserCallDeps = (): CallDeps => ({
  getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
  createPeer: (config) => new RTCPeerConnection(config),
  session: videoApi.session,
  signal: videoApi.signal,
  stream: readVideoStream,
});

const VIDEO_CONSTRAINTS: MediaTrackConstraints = { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 24 } };
const STATS_EVERY_MS = 2000;
/** A disconnected ICE connection often comes back by itself; after this long the offerer restarts ICE. */
const DISCONNECTED_GRACE_MS = 3000;
const STREAM_RETRY_FIRST_MS = 1000;
const STREAM_RETRY_MAX_MS = 8000;

/**
 * One side of a one-to-one video visit: the local camera and microphone, the RTCPeerConnection, and the signalling
 * stream through the gateway. The doctor's browser offers, the patient's answers (one leader: offers never cross).
 * - Whenever the other side's stream opens (first arrival, a reload, a re-join after a network drop), both sides
 *   start a fresh peer connection and the doctor offers; when it closes, the connection is dropped until it returns.
 * - An ICE connection that fails, or stays disconnected for 3 s, is restarted by the doctor (an ICE restart offer).
 * - A signalling stream that drops is reopened with backoff (a re-join).
 * - getStats() every 2 s gives the quality; 3 weak readings in a row switch this side to audio only.
 */
export class VideoCall {
  private state: CallState = {
    phase: 'loading',
    message: null,
    session: null,
    localStream: null,
    remoteStream: null,
    muted: false,
    cameraOff: false,
    audioOnly: false,
    audioOnlyReason: null,
    quality: 'unknown',
  };
  private readonly listeners = new Set<() => void>();
  private pc: RTCPeerConnection | null = null;
  private pendingCandidates: RTCIceCandidateInit[] = [];
  private peerStream: string | null = null;
  private streamAbort: AbortController | null = null;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lastCounters: StatsCounters | null = null;
  private poorReadings = 0;
  private stopped = false;
  /** Each start() and dispose() begins a new run; work of an older run stops at its next step. */
  private runs = 0;

  constructor(
    readonly appointmentId: number,
    private readonly deps: CallDeps = browserCallDeps(),
  ) {}

  getState = (): CallState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<CallState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  async start(): Promise<void> {
    // (React may start, dispose and start one call again in development: a disposed call starts afresh.)
    this.stopped = false;
    const run = ++this.runs;
    try {
      const session = await this.deps.session(this.appointmentId);
      if (run !== this.runs) return;
      this.set({ session });
    } catch (error) {
      if (run === this.runs) this.set({ phase: 'refused', message: error instanceof ApiError ? error.message : 'Failed to open the video visit' });
      return;
    }
    if (!(await this.openMedia())) return;
    if (run !== this.runs) return;
    this.connectStream(STREAM_RETRY_FIRST_MS);
  }

  /** Camera and microphone; without a camera (or with one that fails), audio only. False when nothing could be had. */
  private async openMedia(): Promise<boolean> {
    try {
      const stream = await this.deps.getUserMedia({ audio: true, video: VIDEO_CONSTRAINTS });
      this.set({ localStream: stream, audioOnly: false, audioOnlyReason: null, message: null });
      return true;
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NotAllowedError' || name === 'SecurityError') {
        this.set({ phase: 'media-error', message: mediaErrorMessage(error) });
        return false;
      }
    }
    try {
      const stream = await this.deps.getUserMedia({ audio: true, video: false });
      this.set({ localStream: stream, audioOnly: true, audioOnlyReason: 'No camera could be started: this call is audio only.', message: null });
      return true;
    } catch (error) {
      this.set({ phase: 'media-error', message: mediaErrorMessage(error) });
      return false;
    }
  }

  /** "Try again" after the camera or microphone was refused. */
  async retryMedia(): Promise<void> {
    this.set({ phase: 'loading', message: null });
    if (!(await this.openMedia())) return;
    this.connectStream(STREAM_RETRY_FIRST_MS);
  }

  private connectStream(retryMs: number): void {
    if (this.stopped) return;
    this.streamAbort?.abort();
    const abort = new AbortController();
    this.streamAbort = abort;
    let opened = false;
    this.deps
      .stream(this.appointmentId, abort.signal, (event) => {
        opened = true;
        void this.onStreamEvent(event);
      })
      .then(
        () => ({ refused: false }),
        (error: unknown) => ({ refused: (error as { response?: Response }).response?.status !== undefined && (error as { response: Response }).response.status < 500 }),
      )
      .then(({ refused }) => {
        if (abort.signal.aborted || this.stopped || this.state.phase === 'closed') return;
        if (refused) {
          // The window closed or the visit changed meanwhile: ask again, which says why.
          this.closePeer();
          void this.deps.session(this.appointmentId).then(
            () => this.scheduleReconnect(STREAM_RETRY_FIRST_MS),
            (error: unknown) => this.finish('refused', error instanceof ApiError ? error.message : 'The video visit is not available.'),
          );
          return;
        }
        // The network dropped the stream: keep media up, re-join with backoff.
        if (this.state.phase === 'connected') this.set({ phase: 'reconnecting' });
        this.scheduleReconnect(opened ? STREAM_RETRY_FIRST_MS : retryMs);
      });
  }

  private scheduleReconnect(retryMs: number): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connectStream(Math.min(retryMs * 2, STREAM_RETRY_MAX_MS)), retryMs);
  }

  private async onStreamEvent(event: VideoStreamEvent): Promise<void> {
    if (this.stopped) return;
    switch (event.event) {
      case 'ready':
        if (!this.pc) this.set({ phase: 'waiting' });
        return;
      case 'peer':
        if (event.data.state === 'joined') {
          this.peerStream = event.data.stream;
          this.newPeerConnection();
          this.set({ phase: 'connecting' });
          if (isOfferer(this.side())) await this.negotiate(false);
        } else if (event.data.stream === this.peerStream) {
          // Only the other side's current stream leaving counts (a late "left" of a stream it replaced does not).
          this.peerStream = null;
          this.closePeer();
          this.set({ phase: 'waiting', remoteStream: null, quality: 'unknown' });
        }
        return;
      case 'signal':
        await this.onSignal(event.data);
        return;
      case 'closed':
        this.finish('closed', event.data.reason);
        return;
    }
  }

  private side(): 'patient' | 'doctor' {
    return this.state.session?.side ?? 'patient';
  }

  private newPeerConnection(): void {
    this.closePeer();
    const pc = this.deps.createPeer({ iceServers: this.state.session?.ice_servers ?? [] });
    this.pc = pc;
    this.pendingCandidates = [];
    this.lastCounters = null;
    this.poorReadings = 0;
    const local = this.state.localStream;
    // One audio and one video transceiver always, so switching to audio only and back needs no renegotiation.
    const audio = local?.getAudioTracks()[0];
    const video = local?.getVideoTracks()[0];
    if (audio && local) pc.addTrack(audio, local);
    else pc.addTransceiver('audio', { direction: 'recvonly' });
    if (video && local && !this.state.audioOnly) pc.addTrack(video, local);
    else pc.addTransceiver('video', { direction: 'sendrecv' });
    const remote = new MediaStream();
    pc.ontrack = (event) => {
      remote.addTrack(event.track);
      this.set({ remoteStream: remote });
    };
    pc.onicecandidate = (event) => {
      if (pc !== this.pc) return;
      const c = event.candidate;
      void this.send({
        kind: 'candidate',
        candidate: c
          ? { candidate: c.candidate, sdpMid: c.sdpMid ?? null, sdpMLineIndex: c.sdpMLineIndex ?? null, usernameFragment: c.usernameFragment ?? null }
          : { candidate: '', sdpMid: null, sdpMLineIndex: null, usernameFragment: null },
      });
    };
    pc.oniceconnectionstatechange = () => {
      if (pc !== this.pc) return;
      const ice = pc.iceConnectionState;
      clearTimeout(this.disconnectedTimer);
      if (ice === 'connected' || ice === 'completed') this.set({ phase: 'connected' });
      else if (ice === 'failed') this.restartIce();
      else if (ice === 'disconnected') {
        this.set({ phase: 'reconnecting' });
        this.disconnectedTimer = setTimeout(() => this.restartIce(), DISCONNECTED_GRACE_MS);
      }
    };
    clearInterval(this.statsTimer);
    this.statsTimer = setInterval(() => void this.readStats(), STATS_EVERY_MS);
  }

  private closePeer(): void {
    clearInterval(this.statsTimer);
    clearTimeout(this.disconnectedTimer);
    if (this.pc) {
      this.pc.ontrack = null;
      this.pc.onicecandidate = null;
      this.pc.oniceconnectionstatechange = null;
      this.pc.close();
    }
    this.pc = null;
  }

  private restartIce(): void {
    if (!this.pc || this.stopped) return;
    this.set({ phase: 'reconnecting' });
    // The doctor's side leads: an offer with new ICE credentials. The patient's side waits for it.
    if (isOfferer(this.side())) void this.negotiate(true);
  }

  private async negotiate(iceRestart: boolean): Promise<void> {
    const pc = this.pc;
    if (!pc) return;
    try {
      const offer = await pc.createOffer({ iceRestart });
      if (pc !== this.pc) return;
      await pc.setLocalDescription(offer);
      await this.send({ kind: 'description', description: { type: 'offer', sdp: pc.localDescription?.sdp ?? offer.sdp ?? '' } });
    } catch {
      // A failed negotiation is retried by the next ICE failure or re-join.
    }
  }

  private async onSignal(signal: VideoSignal): Promise<void> {
    try {
      if (signal.kind === 'description') {
        if (signal.description.type === 'offer') {
          if (!this.pc) this.newPeerConnection();
          const pc = this.pc!;
          await pc.setRemoteDescription(signal.description);
          const answer = await pc.createAnswer();
          await pc.setLocalDescription(answer);
          await this.flushCandidates(pc);
          await this.send({ kind: 'description', description: { type: 'answer', sdp: pc.localDescription?.sdp ?? answer.sdp ?? '' } });
        } else if (this.pc && this.pc.signalingState === 'have-local-offer') {
          await this.pc.setRemoteDescription(signal.description);
          await this.flushCandidates(this.pc);
        }
        return;
      }
      const candidate: RTCIceCandidateInit = {
        candidate: signal.candidate.candidate,
        sdpMid: signal.candidate.sdpMid,
        sdpMLineIndex: signal.candidate.sdpMLineIndex,
        usernameFragment: signal.candidate.usernameFragment ?? undefined,
      };
      if (this.pc?.remoteDescription) await this.pc.addIceCandidate(candidate);
      else this.pendingCandidates.push(candidate);
    } catch {
      // A signal that no longer fits (from a connection already replaced) is dropped.
    }
  }

  private async flushCandidates(pc: RTCPeerConnection): Promise<void> {
    const queued = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const candidate of queued) await pc.addIceCandidate(candidate).catch(() => undefined);
  }

  private async send(signal: VideoSignal): Promise<void> {
    try {
      await this.deps.signal(this.appointmentId, signal);
    } catch {
      // Lost on the way (network, window closed): the stream's reconnect and the ICE restart recover the call.
    }
  }

  private async readStats(): Promise<void> {
    const pc = this.pc;
    if (!pc) return;
    const report = await pc.getStats().catch(() => null);
    if (!report || pc !== this.pc) return;
    const values: Array<Record<string, unknown>> = [];
    report.forEach((value) => values.push(value as Record<string, unknown>));
    const counters = countersOf(values);
    const quality = connectionQuality(sampleBetween(this.lastCounters, counters));
    this.lastCounters = counters;
    this.poorReadings = quality === 'poor' ? this.poorReadings + 1 : 0;
    if (quality !== this.state.quality) this.set({ quality });
    if (this.poorReadings >= POOR_READINGS_BEFORE_AUDIO_ONLY && !this.state.audioOnly) {
      this.switchToAudio('The connection is weak: switched to audio only to keep the call going.');
    }
  }

  toggleMute(): void {
    const muted = !this.state.muted;
    for (const track of this.state.localStream?.getAudioTracks() ?? []) track.enabled = !muted;
    this.set({ muted });
  }

  toggleCamera(): void {
    if (this.state.audioOnly) return;
    const cameraOff = !this.state.cameraOff;
    for (const track of this.state.localStream?.getVideoTracks() ?? []) track.enabled = !cameraOff;
    this.set({ cameraOff });
  }

  /** Audio only: the camera stops and its sender sends nothing (the upload a weak network struggles with most). */
  switchToAudio(reason: string | null = null): void {
    // The stopped camera track stays in the local stream, unused: the preview hides in audio only.
    for (const track of this.state.localStream?.getVideoTracks() ?? []) track.stop();
    void this.videoSender()?.replaceTrack(null).catch(() => undefined);
    this.set({ audioOnly: true, audioOnlyReason: reason, cameraOff: false });
  }

  /** Back to video: a new camera track on the same sender (no renegotiation). */
  async switchToVideo(): Promise<void> {
    try {
      const camera = await this.deps.getUserMedia({ video: VIDEO_CONSTRAINTS, audio: false });
      const track = camera.getVideoTracks()[0];
      const local = new MediaStream([...(this.state.localStream?.getAudioTracks() ?? []), track]);
      await this.videoSender()?.replaceTrack(track);
      this.poorReadings = 0;
      this.set({ localStream: local, audioOnly: false, audioOnlyReason: null, cameraOff: false });
    } catch (error) {
      this.set({ audioOnlyReason: mediaErrorMessage(error) });
    }
  }

  /** The sender of the video transceiver (there is always one: see newPeerConnection). */
  private videoSender(): RTCRtpSender | undefined {
    return this.pc?.getTransceivers().find((t) => t.receiver.track.kind === 'video')?.sender;
  }

  /** Leaves the call: media stops, the other side sees this one leave. The appointment itself is not changed. */
  end(): void {
    this.finish('ended', null);
  }

  private finish(phase: 'ended' | 'closed' | 'refused', message: string | null): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.streamAbort?.abort();
    this.closePeer();
    for (const track of this.state.localStream?.getTracks() ?? []) track.stop();
    this.set({ phase, message, localStream: null, remoteStream: null });
  }

  /** The component unmounted (navigation, reload): like end, without a state change anyone would see. */
  dispose(): void {
    this.stopped = true;
    this.runs += 1;
    clearTimeout(this.retryTimer);
    this.streamAbort?.abort();
    this.closePeer();
    for (const track of this.state.localStream?.getTracks() ?? []) track.stop();
    this.state = { ...this.state, localStream: null, remoteStream: null };
  }
}

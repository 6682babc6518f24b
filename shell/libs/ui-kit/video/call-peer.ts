import {
  connectionQuality,
  countersOf,
  isOfferer,
  mediaErrorMessage,
  POOR_READINGS_BEFORE_AUDIO_ONLY,
  sampleBetween,
  type StatsCounters,
} from './video.logic';
import type { VideoSignal } from './video.api';
import { browserCallDeps, CallStore, type CallDeps } from './call-state';

export const VIDEO_CONSTRAINTS: MediaTrackConstraints = { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 24 } };
const STATS_EVERY_MS = 2000;
/** A disconnected ICE connection often comes back by itself; after this long the offerer restarts ICE. */
const DISCONNECTED_GRACE_MS = 3000;

/**
 * The RTCPeerConnection of a call and the media on it: offers and answers, ICE candidates and restarts, the quality
 * read from getStats(), mute, camera and audio only. VideoCall (video-call.ts) decides when a connection starts and ends.
 */
export class CallPeer extends CallStore {
  protected pc: RTCPeerConnection | null = null;
  protected pendingCandidates: RTCIceCandidateInit[] = [];
  protected statsTimer: ReturnType<typeof setInterval> | undefined;
  protected disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
  protected lastCounters: StatsCounters | null = null;
  protected poorReadings = 0;
  protected stopped = false;

  constructor(
    readonly appointmentId: number,
    protected readonly deps: CallDeps = browserCallDeps(),
  ) {
    super();
  }

  protected side(): 'patient' | 'doctor' {
    return this.state.session?.side ?? 'patient';
  }

  protected newPeerConnection(): void {
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

  protected closePeer(): void {
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

  protected restartIce(): void {
    if (!this.pc || this.stopped) return;
    this.set({ phase: 'reconnecting' });
    // The doctor's side leads: an offer with new ICE credentials. The patient's side waits for it.
    if (isOfferer(this.side())) void this.negotiate(true);
  }

  protected async negotiate(iceRestart: boolean): Promise<void> {
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

  protected async onSignal(signal: VideoSignal): Promise<void> {
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

  protected async flushCandidates(pc: RTCPeerConnection): Promise<void> {
    const queued = this.pendingCandidates;
    this.pendingCandidates = [];
    for (const candidate of queued) await pc.addIceCandidate(candidate).catch(() => undefined);
  }

  protected async send(signal: VideoSignal): Promise<void> {
    try {
      await this.deps.signal(this.appointmentId, signal);
    } catch {
      // Lost on the way (network, window closed): the stream's reconnect and the ICE restart recover the call.
    }
  }

  protected async readStats(): Promise<void> {
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
  protected videoSender(): RTCRtpSender | undefined {
    return this.pc?.getTransceivers().find((t) => t.receiver.track.kind === 'video')?.sender;
  }
}

import { ApiError } from 'shell/api-client';
import type { VideoStreamEvent } from './video.api';
import { isOfferer, mediaErrorMessage } from './video.logic';
import { CallPeer, VIDEO_CONSTRAINTS } from './call-peer';

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
export class VideoCall extends CallPeer {
  private peerStream: string | null = null;
  private streamAbort: AbortController | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Each start() and dispose() begins a new run; work of an older run stops at its next step. */
  private runs = 0;

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

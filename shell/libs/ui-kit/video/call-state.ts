import { readVideoStream, videoApi, type VideoSession, type VideoSignal, type VideoStreamEvent } from './video.api';
import type { Quality } from './video.logic';

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

/** The call's state and its listeners (the call screen reads it with useSyncExternalStore). */
export class CallStore {
  protected state: CallState = {
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
  protected readonly listeners = new Set<() => void>();

  getState = (): CallState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected set(patch: Partial<CallState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}

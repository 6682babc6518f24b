// The video visit's call screen (issue 26), exposed on its own as shell/video-kit so only the call page loads it.
export { VideoCallScreen } from './VideoCallScreen';
export { VideoCall } from './video-call';
export { browserCallDeps, type CallDeps, type CallState, type CallPhase } from './call-state';
export { videoApi, readVideoStream, type VideoSession, type VideoSignal, type VideoStreamEvent } from './video.api';
export { connectionQuality, countersOf, sampleBetween, mediaErrorMessage, type Quality } from './video.logic';

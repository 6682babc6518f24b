import {
  AudioMutedOutlined,
  AudioOutlined,
  LockOutlined,
  PhoneOutlined,
  SoundOutlined,
  VideoCameraAddOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { Alert, Button, Card, Grid, Result, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { VideoCall, type CallDeps, type CallState } from './video-call';
import { QUALITY_LABELS, type Quality } from './video.logic';

const QUALITY_COLORS: Record<Quality, string> = { good: 'green', fair: 'gold', poor: 'red', unknown: 'default' };

const PHASE_TEXT: Partial<Record<CallState['phase'], string>> = {
  loading: 'Opening the video visit…',
  waiting: 'Waiting for the other participant to join…',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
};

/** Plays a MediaStream (the srcObject of a <video> cannot be set as an attribute). */
function StreamVideo({ stream, muted, label, mirrored, style }: { stream: MediaStream | null; muted: boolean; label: string; mirrored?: boolean; style?: React.CSSProperties }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
      style={{ width: '100%', height: '100%', objectFit: 'cover', transform: mirrored ? 'scaleX(-1)' : undefined, background: '#0f1d24', ...style }}
    />
  );
}

/**
 * The call screen of a one-to-one video visit (issue 26), for the patient's and the doctor's remotes: the other
 * participant large, oneself small, mute and camera toggles, switch to audio, the connection quality (getStats),
 * "Nothing is recorded", and End call. `aside` is shown beside the call (the doctor's patient history and
 * Write Prescription). Leaving the call does not change the appointment (the doctor completes it as usual).
 */
export function VideoCallScreen({
  appointmentId,
  onLeave,
  aside,
  deps,
}: {
  appointmentId: number;
  /** Back to the appointments (after End call, or from an error). */
  onLeave: () => void;
  aside?: ReactNode;
  /** Browser APIs (tests pass fakes). */
  deps?: CallDeps;
}) {
  // A new call per visit and per Rejoin.
  const [call, setCall] = useState(() => new VideoCall(appointmentId, deps));
  if (call.appointmentId !== appointmentId) setCall(new VideoCall(appointmentId, deps));
  const state = useSyncExternalStore(call.subscribe, call.getState);
  // A phone held upright gets a taller stage (its camera's picture is upright too).
  const narrow = !Grid.useBreakpoint().md;
  useEffect(() => {
    void call.start();
    return () => call.dispose();
  }, [call]);

  const { session, phase } = state;
  const other = session ? (session.side === 'doctor' ? session.patient_name ?? 'your patient' : `Dr. ${session.doctor_name ?? ''}`.trim()) : null;

  if (phase === 'refused') {
    return <Result status="warning" title="You cannot join this video visit" subTitle={state.message} extra={<Button onClick={onLeave}>Back to appointments</Button>} />;
  }
  if (phase === 'closed' || phase === 'ended') {
    return (
      <Result
        status="info"
        title={phase === 'closed' ? 'The video visit has ended' : 'You left the video visit'}
        subTitle={
          phase === 'closed'
            ? state.message
            : 'The appointment stays open until the doctor completes it. You can rejoin while the visit is open.'
        }
        extra={
          <Space wrap>
            {phase === 'ended' ? (
              <Button type="primary" icon={<VideoCameraOutlined />} onClick={() => setCall(new VideoCall(appointmentId, deps))}>
                Rejoin
              </Button>
            ) : null}
            <Button onClick={onLeave}>Back to appointments</Button>
          </Space>
        }
      />
    );
  }

  const overlay = state.audioOnly && phase === 'connected' ? 'Audio only' : PHASE_TEXT[phase];
  const call_ = (
    <Card
      className="afya-video-call"
      styles={{ body: { padding: 0 } }}
      title={
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: '8px 0', whiteSpace: 'normal' }}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {other ? `Video visit with ${other}` : 'Video visit'}
          </Typography.Text>
          {session ? <Typography.Text type="secondary">{`${dayjs(session.appointment_date).format('ddd, D MMM YYYY')} · ${session.time_slot}`}</Typography.Text> : null}
          <Tag color={QUALITY_COLORS[state.quality]} data-testid="connection-quality" role="status" style={{ marginInlineStart: 'auto' }}>
            {phase === 'connected' ? QUALITY_LABELS[state.quality] : (PHASE_TEXT[phase] ?? QUALITY_LABELS.unknown)}
          </Tag>
        </div>
      }
    >
      {phase === 'media-error' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ margin: 16 }}
          title="Camera and microphone needed"
          description={state.message}
          action={
            <Button size="small" onClick={() => void call.retryMedia()}>
              Try again
            </Button>
          }
        />
      ) : null}
      {state.audioOnlyReason ? <Alert type="warning" showIcon style={{ margin: 16, marginBottom: 0 }} title={state.audioOnlyReason} /> : null}
      <div style={{ padding: 16 }}>
        <div
          data-testid="video-stage"
          style={{ position: 'relative', width: '100%', aspectRatio: narrow ? '3 / 4' : '16 / 9', maxHeight: '62vh', borderRadius: 12, overflow: 'hidden', background: '#0f1d24' }}
        >
          <StreamVideo stream={state.remoteStream} muted={false} label={other ? `${other}'s video` : 'The other participant'} />
          {overlay ? (
            <div
              role="status"
              style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#fff', fontSize: 18, textAlign: 'center', padding: 16, background: 'rgba(15,29,36,0.55)' }}
            >
              {state.audioOnly && phase === 'connected' ? <SoundOutlined style={{ marginInlineEnd: 8 }} /> : null}
              {overlay}
            </div>
          ) : null}
          <div
            style={{
              position: 'absolute',
              right: 12,
              bottom: 12,
              width: narrow ? '30%' : 'clamp(96px, 24%, 220px)',
              aspectRatio: narrow ? '3 / 4' : '4 / 3',
              borderRadius: 8,
              overflow: 'hidden',
              border: '2px solid rgba(255,255,255,0.8)',
              boxShadow: '0 2px 8px rgba(0,0,0,0.35)',
              background: '#1c2f38',
              display: state.localStream && !state.audioOnly && !state.cameraOff ? 'block' : 'none',
            }}
          >
            <StreamVideo stream={state.localStream} muted label="Your camera" mirrored />
          </div>
        </div>
        <div role="toolbar" aria-label="Call controls" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'center', marginTop: 16 }}>
          <Tooltip title={state.muted ? 'Unmute your microphone' : 'Mute your microphone'}>
            <Button size="large" shape="round" icon={state.muted ? <AudioMutedOutlined /> : <AudioOutlined />} aria-pressed={state.muted} onClick={() => call.toggleMute()} disabled={!state.localStream}>
              {state.muted ? 'Unmute' : 'Mute'}
            </Button>
          </Tooltip>
          <Button
            size="large"
            shape="round"
            icon={<VideoCameraOutlined />}
            aria-pressed={state.cameraOff}
            onClick={() => call.toggleCamera()}
            disabled={!state.localStream || state.audioOnly}
          >
            {state.cameraOff ? 'Camera on' : 'Camera off'}
          </Button>
          {state.audioOnly ? (
            <Button size="large" shape="round" icon={<VideoCameraAddOutlined />} onClick={() => void call.switchToVideo()} disabled={!state.localStream}>
              Turn video on
            </Button>
          ) : (
            <Button size="large" shape="round" icon={<SoundOutlined />} onClick={() => call.switchToAudio()} disabled={!state.localStream}>
              Switch to audio
            </Button>
          )}
          <Button size="large" shape="round" danger type="primary" icon={<PhoneOutlined rotate={135} />} onClick={() => call.end()}>
            End call
          </Button>
        </div>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 12, marginBottom: 0 }}>
          <LockOutlined /> Nothing is recorded. The call goes directly between you and {session?.side === 'doctor' ? 'your patient' : 'your doctor'}.
        </Typography.Paragraph>
      </div>
    </Card>
  );

  if (!aside) return call_;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
      <div style={{ flex: '2 1 560px', minWidth: 0 }}>{call_}</div>
      <div style={{ flex: '1 1 300px', minWidth: 0 }}>{aside}</div>
    </div>
  );
}

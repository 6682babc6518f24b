import {
  AudioMutedOutlined,
  AudioOutlined,
  LockOutlined,
  PhoneOutlined,
  SoundOutlined,
  VideoCameraAddOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { Alert, Button, Card, Grid, Result, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { CallDeps, CallState } from './call-state';
import { VideoCall } from './video-call';
import { formatDate, formatSlot, translateMessage, useTranslation } from '../../i18n';
import type { Quality } from './video.logic';

const QUALITY_COLORS: Record<Quality, string> = { good: 'green', fair: 'gold', poor: 'red', unknown: 'default' };

/** The phases that say where the call stands over the stage (keys of video.phase in the shell catalogue). */
const PHASES_SHOWN: ReadonlySet<CallState['phase']> = new Set(['loading', 'waiting', 'connecting', 'reconnecting']);

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
  const { t } = useTranslation('shell');
  useEffect(() => {
    void call.start();
    return () => call.dispose();
  }, [call]);

  const { session, phase } = state;
  const other = session
    ? session.side === 'doctor'
      ? (session.patient_name ?? t('video.yourPatient'))
      : session.doctor_name
        ? t('names.doctor', { name: session.doctor_name })
        : t('video.yourDoctor')
    : null;
  const phaseText = PHASES_SHOWN.has(phase) ? t(`video.phase.${phase}`) : undefined;
  // The call's own messages are English (the rules and the gateway's stream write them); shown in the page's language.
  const message = state.message ? translateMessage(state.message) : undefined;

  // Each view has the page's one <h1> (drawn as the view's title): what a screen reader lists first and where focus
  // goes after a navigation.
  if (phase === 'refused') {
    return <Result status="warning" title={<h1 className="afya-result-title">{t('video.refused')}</h1>} subTitle={message} extra={<Button onClick={onLeave}>{t('video.back')}</Button>} />;
  }
  if (phase === 'closed' || phase === 'ended') {
    return (
      <Result
        status="info"
        title={<h1 className="afya-result-title">{phase === 'closed' ? t('video.closed') : t('video.left')}</h1>}
        subTitle={phase === 'closed' ? message : t('video.leftHint')}
        extra={
          <Space wrap>
            {phase === 'ended' ? (
              <Button type="primary" icon={<VideoCameraOutlined />} onClick={() => setCall(new VideoCall(appointmentId, deps))}>
                {t('video.rejoin')}
              </Button>
            ) : null}
            <Button onClick={onLeave}>{t('video.back')}</Button>
          </Space>
        }
      />
    );
  }

  const overlay = state.audioOnly && phase === 'connected' ? t('video.audioOnly') : phaseText;
  const call_ = (
    <Card
      className="afya-video-call"
      styles={{ body: { padding: 0 } }}
      title={
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: '8px 0', whiteSpace: 'normal' }}>
          <h1 className="afya-card-heading" style={{ fontSize: 16, fontWeight: 600 }}>
            {other ? t('video.titleWith', { name: other }) : t('video.title')}
          </h1>
          {session ? <Typography.Text type="secondary">{`${formatDate(session.appointment_date, 'day')} · ${formatSlot(session.time_slot)}`}</Typography.Text> : null}
          <Tag color={QUALITY_COLORS[state.quality]} data-testid="connection-quality" role="status" style={{ marginInlineStart: 'auto' }}>
            {phase === 'connected' ? t(`video.quality.${state.quality}`) : (phaseText ?? t('video.quality.unknown'))}
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
          title={t('video.mediaNeeded')}
          description={message}
          action={
            <Button size="small" onClick={() => void call.retryMedia()}>
              {t('video.tryAgain')}
            </Button>
          }
        />
      ) : null}
      {state.audioOnlyReason ? <Alert type="warning" showIcon style={{ margin: 16, marginBottom: 0 }} title={translateMessage(state.audioOnlyReason)} /> : null}
      <div style={{ padding: 16 }}>
        <div
          data-testid="video-stage"
          style={{ position: 'relative', width: '100%', aspectRatio: narrow ? '3 / 4' : '16 / 9', maxHeight: '62vh', borderRadius: 12, overflow: 'hidden', background: '#0f1d24' }}
        >
          <StreamVideo stream={state.remoteStream} muted={false} label={other ? t('video.otherVideo', { name: other }) : t('video.otherParticipant')} />
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
            <StreamVideo stream={state.localStream} muted label={t('video.yourCamera')} mirrored />
          </div>
        </div>
        <div role="toolbar" aria-label={t('video.controls')} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'center', marginTop: 16 }}>
          <Tooltip title={state.muted ? t('video.unmuteHint') : t('video.muteHint')}>
            <Button size="large" shape="round" icon={state.muted ? <AudioMutedOutlined /> : <AudioOutlined />} aria-pressed={state.muted} onClick={() => call.toggleMute()} disabled={!state.localStream}>
              {state.muted ? t('video.unmute') : t('video.mute')}
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
            {state.cameraOff ? t('video.cameraOn') : t('video.cameraOff')}
          </Button>
          {state.audioOnly ? (
            <Button size="large" shape="round" icon={<VideoCameraAddOutlined />} onClick={() => void call.switchToVideo()} disabled={!state.localStream}>
              {t('video.videoOn')}
            </Button>
          ) : (
            <Button size="large" shape="round" icon={<SoundOutlined />} onClick={() => call.switchToAudio()} disabled={!state.localStream}>
              {t('video.toAudio')}
            </Button>
          )}
          <Button size="large" shape="round" danger type="primary" icon={<PhoneOutlined rotate={135} />} onClick={() => call.end()}>
            {t('video.end')}
          </Button>
        </div>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 12, marginBottom: 0 }}>
          <LockOutlined /> {session?.side === 'doctor' ? t('video.notRecordedDoctor') : t('video.notRecordedPatient')}
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

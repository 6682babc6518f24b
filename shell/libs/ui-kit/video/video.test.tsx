import { act, render, screen, waitFor, fireEvent } from '@testing-library/react';
import { ApiError } from 'shell/api-client';
import { setLanguage } from '../../i18n';
import type { CallDeps } from './call-state';
import { VideoCallScreen } from './VideoCallScreen';
import type { VideoSession } from './video.api';
import { connectionQuality, countersOf, mediaErrorMessage, sampleBetween } from './video.logic';

describe('connection quality from getStats()', () => {
  it('is good, fair or poor by round trip and loss in the last interval', () => {
    expect(connectionQuality({ rttMs: null, lossRatio: null, framesDecoded: 0 })).toBe('unknown');
    expect(connectionQuality({ rttMs: 40, lossRatio: 0, framesDecoded: 10 })).toBe('good');
    expect(connectionQuality({ rttMs: 350, lossRatio: 0, framesDecoded: 10 })).toBe('fair');
    expect(connectionQuality({ rttMs: 40, lossRatio: 0.05, framesDecoded: 10 })).toBe('fair');
    expect(connectionQuality({ rttMs: 800, lossRatio: 0, framesDecoded: 10 })).toBe('poor');
    expect(connectionQuality({ rttMs: 40, lossRatio: 0.2, framesDecoded: 10 })).toBe('poor');
  });

  it('reads the selected pair and the inbound streams, and counts the loss of the interval only', () => {
    const report = (received: number, lost: number, frames: number) => [
      { type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: 0.12 },
      { type: 'candidate-pair', state: 'failed', nominated: false, currentRoundTripTime: 3 },
      { type: 'inbound-rtp', kind: 'audio', packetsReceived: received, packetsLost: lost },
      { type: 'inbound-rtp', kind: 'video', packetsReceived: received, packetsLost: 0, framesDecoded: frames },
    ];
    const first = countersOf(report(100, 0, 30));
    expect(first).toEqual({ rttMs: 120, packetsReceived: 200, packetsLost: 0, framesDecoded: 30 });
    // 100 more packets on each stream, 30 more lost: 30 / 230 of this interval.
    const second = countersOf(report(200, 30, 60));
    const sample = sampleBetween(first, second);
    expect(sample.lossRatio).toBeCloseTo(30 / 230);
    expect(connectionQuality(sample)).toBe('poor');
    expect(sampleBetween(second, second).lossRatio).toBeNull();
  });
});

describe('camera and microphone errors', () => {
  it('says what to do for each', () => {
    expect(mediaErrorMessage({ name: 'NotAllowedError' })).toMatch(/did not let this page use your camera and microphone.*Try again/);
    expect(mediaErrorMessage({ name: 'NotFoundError' })).toMatch(/No microphone was found/);
    expect(mediaErrorMessage({ name: 'NotReadableError' })).toMatch(/in use by another application/);
  });
});

const session: VideoSession = {
  appointment_id: 7,
  side: 'patient',
  patient_user_id: 10,
  doctor_user_id: 20,
  patient_name: 'Achieng Odhiambo',
  doctor_name: 'Grace Wanjiku',
  appointment_date: '2026-12-01',
  time_slot: '09:00 AM',
  opens_at: '2026-12-01T05:50:00.000Z',
  closes_at: '2026-12-01T06:30:00.000Z',
  ice_servers: [],
  recording: 'none',
};

const fakeTrack = (kind: string) => ({ kind, enabled: true, stop: jest.fn() });
const fakeStream = (kinds: string[]) => {
  const tracks = kinds.map(fakeTrack);
  return { getTracks: () => tracks, getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'), getVideoTracks: () => tracks.filter((t) => t.kind === 'video') } as unknown as MediaStream;
};

function deps(over: Partial<CallDeps> = {}): CallDeps {
  return {
    session: jest.fn(async () => session),
    getUserMedia: jest.fn(async () => fakeStream(['audio', 'video'])),
    createPeer: jest.fn(() => {
      throw new Error('no peer in this test');
    }),
    signal: jest.fn(async () => ({})),
    // The stream opens and says the caller is in; the other participant has not come.
    stream: jest.fn((_id, abort, onEvent) => {
      onEvent({ event: 'ready', data: { appointment_id: 7, side: 'patient', closes_at: session.closes_at } });
      return new Promise<void>((resolve) => abort.addEventListener('abort', () => resolve()));
    }),
    ...over,
  };
}

describe('the call screen', () => {
  it('waits for the other participant, says nothing is recorded, and offers the controls', async () => {
    render(<VideoCallScreen appointmentId={7} onLeave={jest.fn()} deps={deps()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Video visit with Dr. Grace Wanjiku' })).toBeInTheDocument();
    expect(await screen.findAllByText('Waiting for the other participant to join…')).not.toHaveLength(0);
    expect(screen.getByText(/Nothing is recorded/)).toBeInTheDocument();
    for (const name of ['Mute', 'Camera off', 'Switch to audio', 'End call']) expect(screen.getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Mute/ }));
    expect(screen.getByRole('button', { name: /Unmute/ })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: /Switch to audio/ }));
    expect(screen.getByRole('button', { name: /Turn video on/ })).toBeInTheDocument();
  });

  it('explains a refused camera and microphone, and tries again', async () => {
    const refused = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    const getUserMedia = jest.fn().mockRejectedValueOnce(refused).mockResolvedValue(fakeStream(['audio', 'video']));
    render(<VideoCallScreen appointmentId={7} onLeave={jest.fn()} deps={deps({ getUserMedia })} />);
    expect(await screen.findByText('Camera and microphone needed')).toBeInTheDocument();
    expect(screen.getByText(/did not let this page use your camera and microphone/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('Camera and microphone needed')).not.toBeInTheDocument());
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('falls back to audio only without a camera', async () => {
    const noCamera = Object.assign(new Error('none'), { name: 'NotFoundError' });
    const getUserMedia = jest.fn().mockRejectedValueOnce(noCamera).mockResolvedValue(fakeStream(['audio']));
    render(<VideoCallScreen appointmentId={7} onLeave={jest.fn()} deps={deps({ getUserMedia })} />);
    expect(await screen.findByText('No camera could be started: this call is audio only.')).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenLastCalledWith({ audio: true, video: false });
  });

  it("shows the server's refusal (not a participant, outside the window)", async () => {
    const session = jest.fn().mockRejectedValue(new ApiError('The video visit opens 10 minutes before the appointment', 403));
    const onLeave = jest.fn();
    render(<VideoCallScreen appointmentId={7} onLeave={onLeave} deps={deps({ session })} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'You cannot join this video visit' })).toBeInTheDocument();
    expect(screen.getByText('The video visit opens 10 minutes before the appointment')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to appointments' }));
    expect(onLeave).toHaveBeenCalled();
  });

  it('ends the call: media stops, the appointment stays open, Rejoin is offered', async () => {
    const stream = fakeStream(['audio', 'video']);
    render(<VideoCallScreen appointmentId={7} onLeave={jest.fn()} deps={deps({ getUserMedia: jest.fn(async () => stream) })} />);
    fireEvent.click(await screen.findByRole('button', { name: /End call/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You left the video visit' })).toBeInTheDocument();
    expect(screen.getByText(/stays open until the doctor completes it/)).toBeInTheDocument();
    for (const track of stream.getTracks()) expect(track.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Rejoin/ })).toBeInTheDocument();
  });
});

describe('the call screen in Kiswahili', () => {
  beforeEach(async () => {
    await act(() => setLanguage('sw', { chosen: false }));
  });
  afterEach(async () => {
    await act(() => setLanguage('en', { chosen: false }));
  });

  it('names the visit, its day, the wait and the controls in Kiswahili', async () => {
    render(<VideoCallScreen appointmentId={7} onLeave={jest.fn()} deps={deps()} />);
    expect(await screen.findByText('Ziara ya video na Dkt. Grace Wanjiku')).toBeInTheDocument();
    expect(screen.getByText(/^Jumanne, 1 Des 2026 · 09:00$/)).toBeInTheDocument();
    expect(await screen.findAllByText('Inamsubiri mshiriki mwingine ajiunge…')).not.toHaveLength(0);
    expect(screen.getByText(/Hakuna kinachorekodiwa/)).toBeInTheDocument();
    for (const name of ['Zima sauti', 'Zima kamera', 'Badili kwenda sauti', 'Kata simu']) expect(screen.getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
  });

  it('explains a refused camera in Kiswahili (the call keeps its English message underneath)', async () => {
    const refused = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    render(<VideoCallScreen appointmentId={7} onLeave={jest.fn()} deps={deps({ getUserMedia: jest.fn().mockRejectedValue(refused) })} />);
    expect(await screen.findByText('Kamera na maikrofoni zinahitajika')).toBeInTheDocument();
    expect(screen.getByText(/Kivinjari chako hakikuruhusu ukurasa huu/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Jaribu tena' })).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ApiError } from 'shell/api-client';
import { videoApi } from 'shell/video-kit';
import { renderAt } from '../../../../shell/test/render';
import { DoctorVideoVisitPage } from './DoctorVideoVisitPage';

// The call itself (camera, WebRTC) is the shared screen's; here only what the doctor's page puts beside it.
jest.mock('shell/video-kit', () => ({
  VideoCallScreen: ({ aside }: { aside?: ReactNode }) => <div data-testid="call">{aside}</div>,
  videoApi: { session: jest.fn() },
}));

// The history comes through the declared call calls.prescriptions.historyUser (an oRPC client: stubbed here).
const mockHistoryUser = jest.fn();
jest.mock('shell/api-client', () => ({
  ...jest.requireActual('shell/api-client'),
  calls: { prescriptions: { historyUser: (...args: unknown[]) => mockHistoryUser(...args) } },
}));
type HistoryInput = { params: { userId: string }; query: { appointment_id?: number } };
const get = mockHistoryUser;
const session = videoApi.session as jest.Mock;
const route = { route: '/dashboard/video/41', path: '/dashboard/video/:appointmentId' };
const records = { records: [{ id: 'appt-3', type: 'appointment', condition: 'Appointment', diagnosis: 'Hypertension', treatment: null, notes: null, medicines: [], doctor_name: 'Grace Wanjiku', date: '2026-10-01' }] };

beforeEach(() => {
  jest.clearAllMocks();
  session.mockResolvedValue({ appointment_id: 41, side: 'doctor', patient_user_id: 12, doctor_user_id: 20, patient_name: 'Amina Yusuf', doctor_name: 'Grace Wanjiku' });
});

/**
 * Issue 44: during a video visit the history panel said "Medical record not found" with Retry for a paid visit of the
 * doctor's. It asks for the patient's history for this visit (the server judges the visit as it is now), and when the
 * doctor may not read it, it says why, with nothing to retry.
 */
describe("the doctor's history panel during a video visit", () => {
  it("shows the patient's history, asked for this visit", async () => {
    get.mockImplementation(async ({ params, query }: HistoryInput) => {
      if (params.userId === '12' && query.appointment_id === 41) return records;
      throw new ApiError('Medical record not found', 404, 'Medical record not found');
    });
    renderAt(<DoctorVideoVisitPage />, route);
    expect(await screen.findByText(/Hypertension/)).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith({ params: { userId: '12' }, query: { appointment_id: 41 } }, expect.anything());
    expect(screen.queryByText('Medical record not found')).not.toBeInTheDocument();
  });

  it('says plainly why not when the server refuses (its reason), with no Retry', async () => {
    const reason = "You can read this patient's history from 7 days before a confirmed visit with them until 24 hours after it starts, and for 90 days after a completed one.";
    get.mockRejectedValue(new ApiError(reason, 403, reason));
    renderAt(<DoctorVideoVisitPage />, route);
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('a 404 (no care relationship, no visit named) reads as a plain sentence, not "Medical record not found"', async () => {
    get.mockRejectedValue(new ApiError('Medical record not found', 404, 'Medical record not found'));
    renderAt(<DoctorVideoVisitPage />, route);
    expect(await screen.findByText(/You can read this patient's history only while you are caring for them/)).toBeInTheDocument();
    expect(screen.queryByText('Medical record not found')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });
});

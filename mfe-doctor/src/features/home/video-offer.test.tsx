import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useSession } from 'shell/session';
import { stubDeclaredCalls } from '../../../../shell/test/declared-calls';
import { queryWrapper } from '../../../../shell/test/render';
import { VideoVisitsCard } from './VideoVisitsCard';

// The HTTP layer is faked; the hooks, the query cache and the panel are the real ones.
const profile = (offers_video: boolean) => ({ doctor: { doctor_id: 9, user_id: 2, fee: null, offers_video } });
const { doctorByUser: get, setVideo: patch } = stubDeclaredCalls().appointments;

beforeEach(() => {
  jest.clearAllMocks();
  useSession.setState({ user: { user_id: 2, firstname: 'Grace', lastname: 'Wanjiku', email: 'g@afya.test', role: 'doctor' } });
  get.mockImplementation(async ({ params }: { params: { userId: number } }) => {
    if (params.userId === 2) return profile(false);
    throw new Error(`unexpected profile of user ${params.userId}`);
  });
  patch.mockImplementation(async ({ body }: { body: { offers_video: boolean } }) => profile(body.offers_video));
});

describe('video visits panel', () => {
  it('turns video visits on for the doctor and says what patients then choose', async () => {
    render(<VideoVisitsCard />, { wrapper: queryWrapper().wrapper });
    const toggle = await screen.findByRole('switch', { name: /Offer video visits/ });
    await waitFor(() => expect(toggle).not.toBeDisabled());
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('Patients book in-person visits only.')).toBeInTheDocument();
    fireEvent.click(toggle);
    await waitFor(() => expect(patch).toHaveBeenCalledWith({ params: { id: 9 }, body: { offers_video: true } }, expect.anything()));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Offer video visits/ })).toBeChecked());
    expect(screen.getByText('Patients booking you choose In person or Video. The fee is the same.')).toBeInTheDocument();
  });
});

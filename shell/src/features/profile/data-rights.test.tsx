import { fireEvent, screen, waitFor } from '@testing-library/react';
import { downloadBlob, userApi } from 'shell/api-client';
import { renderAt } from '../../../test/render';
import { DataRightsSection, erasureStatusText } from './DataRightsSection';

// The download itself (a fetch, then an <a download>) is the api-client's, tested there; here: what is asked for.
jest.mock('shell/api-client', () => ({ ...jest.requireActual('shell/api-client'), downloadBlob: jest.fn(() => Promise.resolve()) }));

const pending = {
  request_id: 3,
  user_id: 1,
  user_name: 'Amina Wanjiru',
  user_email: 'amina@example.co.ke',
  role: 'user' as const,
  status: 'pending' as const,
  reason: null,
  requested_at: '2026-11-27T09:00:00Z',
  decided_at: null,
  decided_by: null,
};

describe('Your data (data rights, issue 22 item 6)', () => {
  beforeEach(() => jest.restoreAllMocks());

  it('downloads the JSON archive and the PDF of the caller’s data', async () => {
    jest.spyOn(userApi, 'erasureRequest').mockResolvedValue({ request: null });
    const download = downloadBlob as jest.Mock;
    renderAt(<DataRightsSection userId={1} canAskErasure />);
    fireEvent.click(screen.getByRole('button', { name: /Download data \(JSON\)/ }));
    await waitFor(() => expect(download).toHaveBeenCalledWith('user/data-export', 'afya-data-export-1.json', expect.anything()));
    fireEvent.click(screen.getByRole('button', { name: /Download as PDF/ }));
    await waitFor(() => expect(download).toHaveBeenCalledWith('user/data-export/pdf', 'afya-data-export-1.pdf', expect.anything()));
  });

  it('asks for erasure with a reason, then says the request is waiting and offers no second one', async () => {
    jest.spyOn(userApi, 'erasureRequest').mockResolvedValue({ request: null });
    const ask = jest.spyOn(userApi, 'requestErasure').mockResolvedValue({ request: pending, message: 'Your erasure request has been sent.' });
    renderAt(<DataRightsSection userId={1} canAskErasure />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ask to erase my account' }));
    fireEvent.change(await screen.findByLabelText('Reason (optional)'), { target: { value: ' Moving abroad ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(ask).toHaveBeenCalledWith('Moving abroad'));
    expect(await screen.findByText(/An administrator will review the request/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to erase my account' })).not.toBeInTheDocument();
  });

  it('admins get the downloads only', () => {
    const status = jest.spyOn(userApi, 'erasureRequest');
    renderAt(<DataRightsSection userId={1} canAskErasure={false} />);
    expect(screen.queryByRole('button', { name: 'Ask to erase my account' })).not.toBeInTheDocument();
    expect(status).not.toHaveBeenCalled();
    expect(erasureStatusText({ ...pending, status: 'rejected' })).toMatch(/was not approved/);
    expect(erasureStatusText(null)).toBeNull();
  });
});

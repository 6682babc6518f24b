import { act, render, screen } from '@testing-library/react';
import { setLanguage } from 'shell/i18n';
import { OfflineNotice } from './OfflineNotice';

describe('the offline notice', () => {
  let online = true;
  beforeEach(() => {
    online = true;
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await act(() => setLanguage('en', { chosen: false }));
  });

  const goOffline = () =>
    act(() => {
      online = false;
      window.dispatchEvent(new Event('offline'));
    });
  const goOnline = () =>
    act(() => {
      online = true;
      window.dispatchEvent(new Event('online'));
    });

  it('says nothing while online, says so and what still works when the link drops, and goes when it is back', () => {
    render(<OfflineNotice />);
    expect(screen.queryByText('You are offline.')).toBeNull();
    goOffline();
    const notice = screen.getByRole('status');
    expect(notice).toBeVisible();
    expect(notice).toHaveTextContent('You are offline. What is on screen stays readable; booking, payments and changes need a connection');
    goOnline();
    expect(screen.queryByText('You are offline.')).toBeNull();
    expect(screen.getByRole('status', { hidden: true })).not.toBeVisible();
  });

  it('starts offline when the page opened without a network, and speaks Kiswahili', async () => {
    online = false;
    await act(() => setLanguage('sw', { chosen: false }));
    render(<OfflineNotice />);
    expect(screen.getByRole('status')).toHaveTextContent('Huna mtandao.');
  });
});

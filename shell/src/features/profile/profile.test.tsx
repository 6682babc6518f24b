import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession, type User } from 'shell/session';
import { ApiError, notificationsApi, userApi } from 'shell/api-client';
import { fakeToken, nowSeconds, renderAt } from '../../../test/render';
import { passwordChangeProblem, pictureProblem, ProfileDialog } from './ProfileDialog';
import { ussdPinProblem } from './UssdPinSection';

const patient: User = {
  user_id: 1,
  firstname: 'Amina',
  lastname: 'Wanjiru',
  email: 'amina@example.co.ke',
  role: 'user',
  contact_phone: '0712345678',
  address: 'Ngong Road, Nairobi',
};

// Fields are filled with one change event each: typing character by character re-renders the whole antd
// dialog per key and made these tests take 30 s under load (issue 8 §0).
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/**
 * Opens the dialog and, for a patient, waits for the message preferences it fetches on open: their answer then lands
 * inside the test (not after it, outside act), and the 'Email' switch is on the page before a test looks for fields.
 */
async function open(onClose = jest.fn()) {
  renderAt(<ProfileDialog open onClose={onClose} />);
  if (useSession.getState().user?.role === 'user') await screen.findByRole('switch', { name: 'SMS' });
  return onClose;
}

describe('ProfileDialog', () => {
  beforeEach(() => {
    jest.restoreAllMocks();
    useSession.setState({ user: patient, token: fakeToken(nowSeconds() + 600), isAuthenticated: true });
    jest.spyOn(notificationsApi, 'preferences').mockResolvedValue({ sms: true, email: true });
  });

  it('a patient turns SMS messages off with its switch (saved at once); email stays on', async () => {
    const save = jest.spyOn(notificationsApi, 'setPreferences').mockResolvedValue({ sms: false, email: true });
    await open();
    const sms = await screen.findByRole('switch', { name: 'SMS' });
    expect(sms).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Email' })).toBeChecked();
    fireEvent.click(sms);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'SMS' })).not.toBeChecked());
    expect(save).toHaveBeenCalledWith({ sms: false });
    expect(screen.getByRole('switch', { name: 'Email' })).toBeChecked();
  });

  it('doctors and admins get no message preferences (reminders are for patients)', async () => {
    useSession.setState({ user: { ...patient, role: 'doctor' } });
    await open();
    expect(await screen.findByDisplayValue('Amina')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'SMS' })).toBeNull();
  });

  it('shows the profile with a read-only email', async () => {
    await open();
    expect(await screen.findByDisplayValue('Amina')).toBeInTheDocument();
    // A patient's dialog also has an 'Email' switch (message preferences): ask for the text field by its role.
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
  });

  it("'Passwords do not match' and empty fields are caught before any request", () => {
    expect(passwordChangeProblem({ currentPassword: 'oldpass1', newPassword: 'newpass1', confirmPassword: 'newpass2' })).toEqual({ mismatch: true });
    expect(passwordChangeProblem({ currentPassword: '', newPassword: 'newpass1', confirmPassword: 'newpass1' })).toEqual({ missing: ['currentPassword'] });
    expect(passwordChangeProblem({})).toEqual({ missing: ['currentPassword', 'newPassword'] });
    expect(passwordChangeProblem({ currentPassword: 'oldpass1', newPassword: 'newpass1', confirmPassword: 'newpass1' })).toBeNull();
  });

  async function changePassword() {
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    fill('Current Password', 'oldpass1');
    fill('New Password', 'newpass1');
    fill('Confirm New Password', 'newpass1');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
  }

  it("a refused change shows the server message or 'Failed to change password'", async () => {
    jest.spyOn(userApi, 'changePassword').mockRejectedValue(new ApiError('Failed to change password', 500, ''));
    await changePassword();
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
  });

  it("a successful change toasts 'Password changed!', closes the section and keeps the new session", async () => {
    // The server revokes older tokens and answers with this browser's new one.
    const newToken = fakeToken(nowSeconds() + 3600);
    const change = jest.spyOn(userApi, 'changePassword').mockResolvedValue({ message: 'Password changed', token: newToken, user: patient } as Awaited<ReturnType<typeof userApi.changePassword>>);
    await changePassword();
    expect(await screen.findByText('Password changed!')).toBeInTheDocument();
    expect(change).toHaveBeenCalledWith('oldpass1', 'newpass1');
    await waitFor(() => expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument());
    expect(useSession.getState().token).toBe(newToken);
    expect(localStorage.getItem('token')).toBe(newToken);
    expect(useSession.getState().isAuthenticated).toBe(true);
  });

  it("saves the profile: 'Saving...', then 'Profile updated!' and the stored user changes", async () => {
    type Reply = Awaited<ReturnType<typeof userApi.updateProfile>>;
    let resolve!: (v: Reply) => void;
    const update = jest.spyOn(userApi, 'updateProfile').mockImplementation(() => new Promise((r) => (resolve = r)));
    const onClose = await open();
    const first = await screen.findByLabelText('First Name');
    fireEvent.change(first, { target: { value: 'Aminah' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Saving...')).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith({ firstname: 'Aminah', lastname: 'Wanjiru', contact_phone: '0712345678', address: 'Ngong Road, Nairobi' });
    resolve({} as Reply); // a reply without the user: the dialog keeps what was saved
    expect(await screen.findByText('Profile updated!')).toBeInTheDocument();
    expect(useSession.getState().user?.firstname).toBe('Aminah');
    expect(JSON.parse(localStorage.getItem('user')!).firstname).toBe('Aminah');
    expect(onClose).toHaveBeenCalled();
  });

  it("a failed save shows 'Failed to update profile' and keeps the dialog open", async () => {
    jest.spyOn(userApi, 'updateProfile').mockRejectedValue(new ApiError('Failed to update profile', 500, ''));
    const onClose = await open();
    await screen.findByDisplayValue('Amina');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('accepts only JPEG/PNG/WebP up to 2 MB', () => {
    expect(pictureProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(pictureProblem({ type: 'image/webp', size: 2 * 1024 * 1024 })).toBeNull();
    expect(pictureProblem({ type: 'image/gif', size: 1000 })).not.toBeNull();
    expect(pictureProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).not.toBeNull();
  });

  it("uploads a picture as a data URL and shows 'Profile picture updated!'", async () => {
    const upload = jest.spyOn(userApi, 'uploadPicture').mockResolvedValue({ url: '/uploads/abc.png', user: patient } as Awaited<ReturnType<typeof userApi.uploadPicture>>);
    await open();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await userEvent.setup({ delay: null }).upload(input, new File(['png-bytes'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(upload).toHaveBeenCalledWith(expect.stringMatching(/^data:image\/png;base64,/)));
    expect(await screen.findByText('Profile picture updated!')).toBeInTheDocument();
    expect(useSession.getState().user?.profilePictureUrl).toBe('/uploads/abc.png');
  });

  it("rejects an oversized picture without sending it", async () => {
    const upload = jest.spyOn(userApi, 'uploadPicture');
    await open();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 10)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.setup({ delay: null }).upload(input, big);
    expect(await screen.findByText('The image must be 2 MB or smaller.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });
});

describe('the USSD PIN (issue 42)', () => {
  it('is checked before it is sent, as the server checks it', () => {
    expect(ussdPinProblem('4071')).toBeNull();
    expect(ussdPinProblem('407')).toBe('format');
    expect(ussdPinProblem('40a1')).toBe('format');
    expect(ussdPinProblem('1234')).toBe('guessable');
    expect(ussdPinProblem('7777')).toBe('guessable');
  });

  it('a patient finds the USSD PIN field on their profile; doctors do not', async () => {
    useSession.setState({ user: patient, token: fakeToken(nowSeconds() + 600), isAuthenticated: true });
    jest.spyOn(notificationsApi, 'preferences').mockResolvedValue({ sms: true, email: true });
    await open();
    expect(screen.getByRole('heading', { name: 'USSD PIN' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/USSD PIN \(4 digits\)/)).toBeInTheDocument();
    useSession.setState({ user: { ...patient, role: 'doctor' } });
  });
});

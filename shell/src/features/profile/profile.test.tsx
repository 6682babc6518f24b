import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession, type User } from 'shell/session';
import { ApiError, userApi } from 'shell/api-client';
import { fakeToken, nowSeconds, renderAt } from '../../../test/render';
import { pictureProblem, ProfileDialog } from './ProfileDialog';

const patient: User = {
  user_id: 1,
  firstname: 'Amina',
  lastname: 'Wanjiru',
  email: 'amina@example.co.ke',
  role: 'user',
  contact_phone: '0712345678',
  address: 'Ngong Road, Nairobi',
};

function open(onClose = jest.fn()) {
  renderAt(<ProfileDialog open onClose={onClose} />);
  return onClose;
}

describe('ProfileDialog', () => {
  beforeEach(() => {
    jest.restoreAllMocks();
    useSession.setState({ user: patient, token: fakeToken(nowSeconds() + 600), isAuthenticated: true });
  });

  it('shows the profile with a read-only email', async () => {
    open();
    expect(await screen.findByDisplayValue('Amina')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
  });

  it("'Passwords do not match' is checked before any request", async () => {
    const change = jest.spyOn(userApi, 'changePassword');
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.type(screen.getByLabelText('Current Password'), 'oldpass1');
    await user.type(screen.getByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'newpass2');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect((await screen.findAllByText('Passwords do not match')).length).toBeGreaterThan(0);
    expect(change).not.toHaveBeenCalled();
  });

  it("a successful change toasts 'Password changed!', closes the section, clears the fields and keeps the new session", async () => {
    // The server revokes older tokens and answers with this browser's new one.
    const newToken = fakeToken(nowSeconds() + 3600);
    const change = jest.spyOn(userApi, 'changePassword').mockResolvedValue({ token: newToken, user: patient });
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.type(screen.getByLabelText('Current Password'), 'oldpass1');
    await user.type(screen.getByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(change).toHaveBeenCalledWith('oldpass1', 'newpass1'));
    expect(await screen.findByText('Password changed!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
    expect(useSession.getState().token).toBe(newToken);
    expect(localStorage.getItem('token')).toBe(newToken);
    expect(useSession.getState().isAuthenticated).toBe(true);
  });

  it("a failed change shows the server message or 'Failed to change password'", async () => {
    jest.spyOn(userApi, 'changePassword').mockRejectedValue(new ApiError('Failed to change password', 500, ''));
    open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await user.type(screen.getByLabelText('Current Password'), 'oldpass1');
    await user.type(screen.getByLabelText('New Password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();
  });

  it("saves the profile: 'Saving...', then 'Profile updated!' and the stored user changes", async () => {
    let resolve!: (v: { user?: User }) => void;
    const update = jest.spyOn(userApi, 'updateProfile').mockImplementation(() => new Promise((r) => (resolve = r)));
    const onClose = open();
    const user = userEvent.setup();
    const first = await screen.findByLabelText('First Name');
    await user.clear(first);
    await user.type(first, 'Aminah');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Saving...')).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith({ firstname: 'Aminah', lastname: 'Wanjiru', contact_phone: '0712345678', address: 'Ngong Road, Nairobi' });
    resolve({});
    expect(await screen.findByText('Profile updated!')).toBeInTheDocument();
    expect(useSession.getState().user?.firstname).toBe('Aminah');
    expect(JSON.parse(localStorage.getItem('user')!).firstname).toBe('Aminah');
    expect(onClose).toHaveBeenCalled();
  });

  it("a failed save shows 'Failed to update profile' and keeps the dialog open", async () => {
    jest.spyOn(userApi, 'updateProfile').mockRejectedValue(new ApiError('Failed to update profile', 500, ''));
    const onClose = open();
    const user = userEvent.setup();
    await screen.findByDisplayValue('Amina');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
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
    const upload = jest.spyOn(userApi, 'uploadPicture').mockResolvedValue({ url: '/uploads/abc.png' });
    open();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await userEvent.setup().upload(input, new File(['png-bytes'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(upload).toHaveBeenCalledWith(expect.stringMatching(/^data:image\/png;base64,/)));
    expect(await screen.findByText('Profile picture updated!')).toBeInTheDocument();
    expect(useSession.getState().user?.profilePictureUrl).toBe('/uploads/abc.png');
  });

  it("rejects an oversized picture without sending it", async () => {
    const upload = jest.spyOn(userApi, 'uploadPicture');
    open();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 10)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.setup().upload(input, big);
    expect(await screen.findByText('The image must be 2 MB or smaller.')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });
});

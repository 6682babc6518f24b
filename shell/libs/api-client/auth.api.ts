import type { UpdateProfileBody } from '@afya/auth-service/contracts';
import type { NotificationPreferences } from '@afya/support-service/contracts';
import type { AuthApi, RegisterPayload } from '../session';
import { calls } from './calls';

export const authApi: AuthApi = {
  login: (email, password) => calls.auth.login({ body: { email, password } }, { context: { fallback: 'Login failed' } }),
  register: (payload: RegisterPayload) => calls.auth.register({ body: payload }, { context: { fallback: 'Registration failed' } }),
  logout: () => calls.auth.logout({}),
  profile: () => calls.auth.profile({}, { context: { fallback: 'Failed to get user' } }),
};

export const userApi = {
  /** PATCH /user/profile: the profile form's fields, or the language the switch picked (saved in the profile). */
  updateProfile: (payload: UpdateProfileBody) => calls.auth.updateProfile({ body: payload }, { context: { fallback: 'Failed to update profile' } }),
  /** Revokes every older session; the reply carries this browser's new token and user. */
  changePassword: (currentPassword: string, newPassword: string) =>
    calls.auth.changePassword({ body: { currentPassword, newPassword } }, { context: { fallback: 'Failed to change password' } }),
  uploadPicture: (imageBase64: string) =>
    calls.auth.uploadPicture({ body: { imageBase64 } }, { context: { fallback: 'Failed to upload profile picture' } }),
  /** Data rights: the caller's latest erasure request (null when none), and asking for one. */
  erasureRequest: () => calls.auth.erasureStatus({}, { context: { fallback: 'Failed to load your erasure request' } }),
  requestErasure: (reason: string) => calls.auth.requestErasure({ body: { reason: reason || undefined } }, { context: { fallback: 'Failed to send the erasure request' } }),
};

/** Which channels the platform's confirmations and reminders use for the signed-in user. */
export const notificationsApi = {
  preferences: () => calls.support.preferences({}, { context: { fallback: 'Failed to load message preferences' } }),
  setPreferences: (changes: Partial<NotificationPreferences>) => calls.support.setPreferences({ body: changes }, { context: { fallback: 'Failed to save message preferences' } }),
};

/** Forgotten passwords: ask for a link (email) or a code (phone), then set the new password with it. */
export const passwordResetApi = {
  forgot: (to: { email: string } | { phone: string }) => calls.auth.forgotPassword({ body: to }, { context: { fallback: 'Could not send the reset instructions' } }),
  reset: (payload: { token: string; newPassword: string } | { phone: string; code: string; newPassword: string }) =>
    calls.auth.resetPassword({ body: payload }, { context: { fallback: 'Could not reset the password' } }),
};

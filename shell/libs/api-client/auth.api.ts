import type { ErasureReply, LoginReply, UserReply } from '@afya/auth-service/contracts';
import type { AuthApi, RegisterPayload, User } from '../session';
import { api } from './client';

export const authApi: AuthApi = {
  login: (email, password) => api.post<LoginReply>('auth/login', { email, password }, { fallback: 'Login failed' }),
  register: (payload: RegisterPayload) => api.post<UserReply>('auth/register', payload, { fallback: 'Registration failed' }),
  logout: () => api.post('auth/logout', {}),
  profile: () => api.get<UserReply>('user/profile', { fallback: 'Failed to get user' }),
};

export interface ProfileUpdate {
  firstname: string;
  lastname: string;
  contact_phone: string;
  address: string;
  profile_picture_url?: string | null;
}

export const userApi = {
  updateProfile: (payload: ProfileUpdate) => api.patch<{ user?: User }>('user/profile', payload, { fallback: 'Failed to update profile' }),
  /** Revokes every older session; the reply carries this browser's new token and user. */
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post<{ token?: string; user?: User }>('user/change-password', { currentPassword, newPassword }, { fallback: 'Failed to change password' }),
  uploadPicture: (imageBase64: string) =>
    api.post<{ url: string }>('user/profile-picture', { imageBase64 }, { fallback: 'Failed to upload profile picture' }),
  /** Data rights: the caller's latest erasure request (null when none), and asking for one. */
  erasureRequest: () => api.get<ErasureReply>('user/erasure-request', { fallback: 'Failed to load your erasure request' }),
  requestErasure: (reason: string) => api.post<ErasureReply>('user/erasure-request', { reason: reason || undefined }, { fallback: 'Failed to send the erasure request' }),
};

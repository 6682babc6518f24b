export type Role = 'user' | 'doctor' | 'admin';

export interface User {
  user_id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: Role | string;
  contact_phone?: string | null;
  address?: string | null;
  profilePictureUrl?: string | null;
  must_change_password?: boolean;
}

export interface RegisterPayload {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  contact_phone: string;
  address: string;
}

export interface AuthState {
  user: User | null;
  token: string | null;
  isLoading: boolean;
  error: string | null;
  isAuthenticated: boolean;
}

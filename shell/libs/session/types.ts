import type { RegisterPayload as AuthRegisterPayload, SessionUser } from '@afya/auth-service/contracts';

export type Role = SessionUser['role'];

/**
 * The signed-in user: the auth contract's SessionUser. Identity fields are required; the others may be
 * missing from a session saved in localStorage by an earlier build, and the role may be one this build does
 * not know yet (homeForRole sends it to the public home).
 */
export type User = Pick<SessionUser, 'user_id' | 'firstname' | 'lastname' | 'email'> &
  Partial<Omit<SessionUser, 'user_id' | 'firstname' | 'lastname' | 'email' | 'role'>> & {
    role: Role | string;
    /** The language the user chose ('en' | 'sw'), kept in their profile; absent before they chose one. */
    language?: string;
  };

/** What a visitor sends to register themselves (role and status are an admin's to set). */
export type RegisterPayload = Omit<AuthRegisterPayload, 'role' | 'status'>;

export interface AuthState {
  user: User | null;
  token: string | null;
  isLoading: boolean;
  error: string | null;
  isAuthenticated: boolean;
}

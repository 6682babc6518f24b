export const ROLES = ['user', 'doctor', 'admin'] as const;
/** 'user' is a patient (CONTRACT.md §1). */
export type Role = (typeof ROLES)[number];

/** Who is asking: set by the gateway from a verified JWT, never by the client. */
export interface Principal {
  userId: number;
  role: Role;
}

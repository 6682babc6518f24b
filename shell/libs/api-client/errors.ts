/** Error thrown by every api-client call: the server's `message` or the caller's default (CONTRACT.md §8). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own `message`, if it sent one (empty when `message` is the default). */
  readonly serverMessage: string;
  /** The server's machine-readable `code`, if it sent one ('LEAVE_HAS_APPOINTMENTS'). */
  readonly code?: string;
  /** The server's `details`, if it sent them (a 409's `details.appointments`): read them through the call's contract type. */
  readonly details?: Record<string, unknown>;
  constructor(message: string, status: number, serverMessage = '', extra: { code?: string; details?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    if (extra.code !== undefined) this.code = extra.code;
    if (extra.details !== undefined) this.details = extra.details;
  }
}

export class TokenExpiredError extends Error {
  constructor() {
    super('Token expired, auto-logout');
    this.name = 'TokenExpiredError';
  }
}

export const DEFAULT_ERROR = 'Something went wrong. Please try again.';

/** The text to show for any thrown value, with a default. */
export function errorText(err: unknown, fallback: string = DEFAULT_ERROR): string {
  if (err instanceof Error && err.message && err.message.trim()) return err.message;
  return fallback;
}

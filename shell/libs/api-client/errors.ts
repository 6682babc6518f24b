/** Error thrown by every api-client call: the server's `message` or the caller's default (CONTRACT.md §8). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own `message`, if it sent one (empty when `message` is the default). */
  readonly serverMessage: string;
  constructor(message: string, status: number, serverMessage = '') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
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

/** What a browser reads when its token is refused (the shell signs out on 401). */
export const AUTH_REQUIRED = 'Authentication required';
export const TOKEN_EXPIRED = 'Your session has expired. Please sign in again.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const PASSWORD_CHANGE_REQUIRED = 'Please change your one-time password before continuing.';

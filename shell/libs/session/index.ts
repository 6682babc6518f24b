export * from './types';
export { useSession, setAuthApi, homeForRole, fullName, TOKEN_EXPIRED_REASON } from './session.store';
export type { SessionState, AuthApi } from './session.store';
export { getTokenExpiry, isTokenExpired } from './jwt';
export { STORAGE_KEYS } from './storage';
export { setNavigator, navigateTo } from './navigation';

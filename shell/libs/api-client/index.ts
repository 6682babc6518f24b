import { isLanguage, LANGUAGE_STORAGE_KEY, onLanguageChosen, setLanguage, type Language } from '../i18n';
import { setAuthApi, useSession, type User } from '../session';
import { authApi, userApi } from './auth.api';
import { queryClient } from './query';

// Importing the api-client wires the session store's login/register/logout/profile to HTTP.
setAuthApi(authApi);
// Signing out (or an expired session) drops every cached answer: the next person on this browser must not
// see the previous one's appointments, even for the moment before a refetch.
useSession.subscribe((state, prev) => {
  if (prev.token && !state.token) queryClient.clear();
  syncLanguage(state.user, prev.token ? prev.user : undefined, !prev.token && !!state.token);
});

// The language and the profile (a user's choice follows them to another device):
//  - signing in after picking a language with the switch (signed out, in this tab: sessionStorage, so a reload of the
//    sign-in page keeps it) saves that pick in the profile;
//  - otherwise signing in, or a profile that comes back with another language, switches the page to the profile's;
//    a profile with no language yet gets the one this browser remembers;
//  - a pick with the switch while signed in is saved in the profile. Best effort: the page has switched already and
//    localStorage remembers it; a failed save is retried by the next pick.
const PICKED_KEY = 'afya.languagePickedSignedOut';
function sessionStore(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}
let pickedInMemory: Language | null = null; // where there is no sessionStorage
function keepPick(language: Language): void {
  pickedInMemory = language;
  sessionStore()?.setItem(PICKED_KEY, language);
}
function takePick(): Language | null {
  const picked = sessionStore()?.getItem(PICKED_KEY) ?? pickedInMemory;
  sessionStore()?.removeItem(PICKED_KEY);
  pickedInMemory = null;
  return isLanguage(picked) ? picked : null;
}
function rememberedLanguage(): Language | null {
  try {
    const stored = typeof window !== 'undefined' ? window.localStorage.getItem(LANGUAGE_STORAGE_KEY) : null;
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

function saveLanguage(language: Language): void {
  const { token, user } = useSession.getState();
  if (!token || !user || user.language === language) return;
  userApi.updateProfile({ language }).then(
    (reply) => {
      const current = useSession.getState().user;
      if (current && current.user_id === user.user_id) useSession.getState().setUser({ ...current, ...reply?.user, language });
    },
    () => undefined,
  );
}

function syncLanguage(user: User | null, previous: User | null | undefined, signedIn: boolean): void {
  if (!user) return;
  const picked = signedIn ? takePick() : null;
  if (picked) {
    saveLanguage(picked);
    return;
  }
  if (isLanguage(user.language)) {
    if (signedIn || user.language !== previous?.language) void setLanguage(user.language, { chosen: false });
    return;
  }
  const remembered = signedIn ? rememberedLanguage() : null;
  if (remembered) saveLanguage(remembered);
}

onLanguageChosen((language) => {
  if (useSession.getState().token) saveLanguage(language);
  else keepPick(language);
});

export { api, request, requestList, parseLinkHeader, fetchBlob, downloadBlob, saveBlob, configureApiClient, createHttp, getHttp } from './client';
export { ApiError, TokenExpiredError, errorText, DEFAULT_ERROR } from './errors';
export { authApi, notificationsApi, passwordResetApi, userApi } from './auth.api';
export type { ListPage } from './client';
export { calls, callKey, configureCallsClient, listPage } from './calls';
export type { CallContext, DeclaredCalls } from './calls';
export { withSubmissionKey } from './submission-key';
export { queryClient, createQueryClient, shouldRetry, queryKeys, queryStatus, AUTO_REFRESH_MS } from './query';

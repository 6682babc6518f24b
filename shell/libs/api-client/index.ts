import { isLanguage, onLanguageChosen, setLanguage, type Language } from '../i18n';
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
//  - signing in after picking a language with the switch (signed out, in this tab) saves that pick in the profile;
//  - otherwise signing in, or a profile that comes back with another language, switches the page to the profile's;
//  - a pick with the switch while signed in is saved in the profile. Best effort: the page has switched already and
//    localStorage remembers it; a failed save is retried by the next pick.
let pickedWhileSignedOut: Language | null = null;

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
  if (signedIn && pickedWhileSignedOut) {
    const picked = pickedWhileSignedOut;
    pickedWhileSignedOut = null;
    saveLanguage(picked);
    return;
  }
  if (isLanguage(user.language) && (signedIn || user.language !== previous?.language)) void setLanguage(user.language, { chosen: false });
}

onLanguageChosen((language) => {
  if (useSession.getState().token) saveLanguage(language);
  else pickedWhileSignedOut = language;
});

export { api, request, requestList, parseLinkHeader, fetchBlob, downloadBlob, saveBlob, configureApiClient, createHttp, getHttp } from './client';
export { ApiError, TokenExpiredError, errorText, DEFAULT_ERROR } from './errors';
export { authApi, notificationsApi, passwordResetApi, userApi } from './auth.api';
export type { ProfileUpdate, LanguageUpdate } from './auth.api';
export type { ListPage } from './client';
export { queryClient, createQueryClient, shouldRetry, queryKeys, queryStatus, AUTO_REFRESH_MS } from './query';

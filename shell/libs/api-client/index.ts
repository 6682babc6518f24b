import { setAuthApi, useSession } from '../session';
import { authApi } from './auth.api';
import { queryClient } from './query';

// Importing the api-client wires the session store's login/register/logout/profile to HTTP.
setAuthApi(authApi);
// Signing out (or an expired session) drops every cached answer: the next person on this browser must not
// see the previous one's appointments, even for the moment before a refetch.
useSession.subscribe((state, prev) => {
  if (prev.token && !state.token) queryClient.clear();
});

export { api, request, requestList, parseLinkHeader, fetchBlob, downloadBlob, saveBlob, configureApiClient, createHttp, getHttp } from './client';
export { ApiError, TokenExpiredError, errorText, DEFAULT_ERROR } from './errors';
export { authApi, notificationsApi, passwordResetApi, userApi } from './auth.api';
export type { ProfileUpdate } from './auth.api';
export type { ListPage } from './client';
export { queryClient, createQueryClient, shouldRetry, queryKeys, queryStatus, AUTO_REFRESH_MS } from './query';

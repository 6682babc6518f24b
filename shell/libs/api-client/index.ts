import { setAuthApi } from '../session';
import { authApi } from './auth.api';

// Importing the api-client wires the session store's login/register/logout/profile to HTTP.
setAuthApi(authApi);

export { api, request, fetchBlob, downloadBlob, configureApiClient, createHttp, getHttp } from './client';
export { ApiError, TokenExpiredError, errorText, DEFAULT_ERROR } from './errors';
export { authApi, userApi } from './auth.api';
export type { ProfileUpdate } from './auth.api';

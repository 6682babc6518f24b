/**
 * @jest-environment node
 */
import { fakeToken, nowSeconds } from '../../test/render';
import { useSession } from '../session';
import { ApiError, TokenExpiredError, createQueryClient, queryClient, queryStatus, shouldRetry } from './index';

describe('query defaults', () => {
  it('retries network failures and 5xx, at most twice', () => {
    expect(shouldRetry(0, new ApiError('Failed to fetch', 0))).toBe(true);
    expect(shouldRetry(1, new ApiError('Bad gateway', 502))).toBe(true);
    expect(shouldRetry(2, new ApiError('Bad gateway', 502))).toBe(false);
    expect(shouldRetry(0, new TypeError('network'))).toBe(true);
  });

  it('never retries a 4xx or an expired session', () => {
    for (const status of [400, 401, 403, 404, 409, 422]) expect(shouldRetry(0, new ApiError('no', status))).toBe(false);
    expect(shouldRetry(0, new TokenExpiredError())).toBe(false);
  });

  it('uses them in every client, and lets tests override them', () => {
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(shouldRetry);
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
    const quiet = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(quiet.getDefaultOptions().queries?.retry).toBe(false);
    expect(quiet.getDefaultOptions().queries?.refetchOnWindowFocus).toBe(false);
  });

  it('drops the cached answers when the session ends', () => {
    useSession.setState({ token: fakeToken(nowSeconds() + 600) });
    queryClient.setQueryData(['appointments', 'mine'], [{ appointment_id: 1 }]);
    useSession.setState({ token: null });
    expect(queryClient.getQueryData(['appointments', 'mine'])).toBeUndefined();
  });
});

describe('queryStatus', () => {
  it('loads while nothing is shown yet, fails only once no retry is running', () => {
    expect(queryStatus({ data: undefined, isPending: true, isFetching: true, isError: false })).toEqual({ loading: true, failed: false });
    expect(queryStatus({ data: undefined, isPending: false, isFetching: false, isError: true })).toEqual({ loading: false, failed: true });
    expect(queryStatus({ data: undefined, isPending: false, isFetching: true, isError: true })).toEqual({ loading: true, failed: false });
    expect(queryStatus({ data: [], isPending: false, isFetching: true, isError: false })).toEqual({ loading: false, failed: false });
  });

  it('a first load held back while offline (paused) fails instead of spinning; with data shown it stays shown', () => {
    expect(queryStatus({ data: undefined, isPending: true, isFetching: false, isError: false, fetchStatus: 'paused' })).toEqual({ loading: false, failed: true });
    expect(queryStatus({ data: [], isPending: false, isFetching: false, isError: false, fetchStatus: 'paused' })).toEqual({ loading: false, failed: false });
  });
});

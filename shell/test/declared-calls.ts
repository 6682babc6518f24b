/**
 * The declared calls (calls.<group>.<call>) answered by jest mocks, one per call, the same mock each time it is read:
 * `const calls = stubDeclaredCalls(); calls.appointments.setStatus.mockResolvedValue(reply)`, then
 * `expect(calls.appointments.setStatus).toHaveBeenCalledWith({ params: { id: 4 }, body: {...} }, expect.anything())`.
 * (oRPC's client is a proxy: jest.spyOn on it does not stick.) The route each call takes is the declaration's,
 * checked by the gateway's calls-routes spec and shell/libs/api-client/calls.test.ts.
 */
import { configureCallsClient, type DeclaredCalls } from '../libs/api-client';

export type StubbedCalls = { [G in keyof DeclaredCalls]: { [C in keyof DeclaredCalls[G]]: jest.Mock } };

export function stubDeclaredCalls(): StubbedCalls {
  const mocks = new Map<string, jest.Mock>();
  const group = (name: string) =>
    new Proxy({}, {
      get: (_target, call: string) => {
        const key = `${name}.${call}`;
        if (!mocks.has(key)) mocks.set(key, jest.fn());
        return mocks.get(key);
      },
    });
  const groups = new Map<string, object>();
  const stub = new Proxy({}, {
    get: (_target, name: string) => {
      if (!groups.has(name)) groups.set(name, group(name));
      return groups.get(name);
    },
  }) as StubbedCalls;
  configureCallsClient(stub);
  return stub;
}

import { ConflictException, UnprocessableEntityException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { type IdempotencyStore, MemoryIdempotencyStore, oncePerKey, REPLAY_MS, RedisIdempotencyStore, RUNNING_MS, idempotencyKeyOf } from './idempotency';

const input = (slot: string) => ({ body: { doctor_id: 7, appointment_date: '2027-03-02', time_slot: slot } });

/** A request that runs until the test lets it finish. */
function held() {
  let finish!: (reply: unknown) => void;
  let fail!: (error: Error) => void;
  const work = jest.fn(() => new Promise<unknown>((resolve, reject) => ((finish = resolve), (fail = reject))));
  return { work, finish: (reply: unknown) => finish(reply), fail: (error: Error) => fail(error) };
}

// The same rules over both stores: this process's memory (no REDIS_URL) and Redis (shared by replicas; the machine's).
describe.each([
  ['memory', () => new MemoryIdempotencyStore()],
  ['Redis', () => new RedisIdempotencyStore(process.env.REDIS_URL || 'redis://127.0.0.1:6379')],
] as [string, () => IdempotencyStore][])('idempotency keys in %s', (_name, make) => {
  let store: IdempotencyStore;
  const scope = `test-${randomBytes(4).toString('hex')}`;
  beforeAll(() => (store = make()));
  afterAll(() => store.close());

  it('runs the first request, replays its reply to a retry with the same key and input', async () => {
    const work = jest.fn(async () => ({ appointment: { appointment_id: 41 } }));
    expect(await oncePerKey(store, scope, 'k1', input('09:00 AM'), work)).toEqual({ appointment: { appointment_id: 41 } });
    expect(await oncePerKey(store, scope, 'k1', input('09:00 AM'), work)).toEqual({ appointment: { appointment_id: 41 } });
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('the same key with another input is a 422; the first reply stays', async () => {
    const work = jest.fn(async () => ({ ok: 1 }));
    await oncePerKey(store, scope, 'k2', input('09:00 AM'), work);
    await expect(oncePerKey(store, scope, 'k2', input('10:00 AM'), work)).rejects.toBeInstanceOf(UnprocessableEntityException);
    expect(await oncePerKey(store, scope, 'k2', input('09:00 AM'), work)).toEqual({ ok: 1 });
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('while the first still runs, the same key is a 409; after it, the reply', async () => {
    const first = held();
    const running = oncePerKey(store, scope, 'k3', input('09:00 AM'), first.work);
    await new Promise((resolve) => setTimeout(resolve, 20)); // the first has claimed the key
    await expect(oncePerKey(store, scope, 'k3', input('09:00 AM'), jest.fn())).rejects.toBeInstanceOf(ConflictException);
    first.finish({ done: true });
    expect(await running).toEqual({ done: true });
    expect(await oncePerKey(store, scope, 'k3', input('09:00 AM'), jest.fn())).toEqual({ done: true });
  });

  it('a failed first attempt frees the key: the retry runs and its success is kept', async () => {
    const first = held();
    const running = oncePerKey(store, scope, 'k4', input('09:00 AM'), first.work);
    await new Promise((resolve) => setTimeout(resolve, 20));
    first.fail(new Error('bus deadline'));
    await expect(running).rejects.toThrow('bus deadline');
    const retry = jest.fn(async () => ({ second: true }));
    expect(await oncePerKey(store, scope, 'k4', input('09:00 AM'), retry)).toEqual({ second: true });
    expect(await oncePerKey(store, scope, 'k4', input('09:00 AM'), jest.fn())).toEqual({ second: true });
  });

  it('keys are scoped: the same key under another scope (another user or call) runs its own request', async () => {
    const mine = jest.fn(async () => 'mine');
    const theirs = jest.fn(async () => 'theirs');
    await oncePerKey(store, `${scope}:user-1`, 'k5', input('09:00 AM'), mine);
    expect(await oncePerKey(store, `${scope}:user-2`, 'k5', input('09:00 AM'), theirs)).toBe('theirs');
  });
});

describe('how long keys hold (memory store, a clock of its own)', () => {
  it('a reply is replayed for 24 hours, then the key is new again', async () => {
    let now = Date.parse('2026-12-12T06:00:00Z');
    const store = new MemoryIdempotencyStore(() => now);
    const work = jest.fn(async () => 'booked');
    await oncePerKey(store, 's', 'k', input('09:00 AM'), work);
    now += REPLAY_MS - 1;
    await oncePerKey(store, 's', 'k', input('09:00 AM'), work);
    expect(work).toHaveBeenCalledTimes(1);
    now += 2;
    await oncePerKey(store, 's', 'k', input('09:00 AM'), work);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('a claim whose request never ended (a gateway that died) frees the key after RUNNING_MS', async () => {
    let now = Date.parse('2026-12-12T06:00:00Z');
    const store = new MemoryIdempotencyStore(() => now);
    expect(await store.claim('k', 'f')).toEqual({ outcome: 'claimed' });
    expect(await store.claim('k', 'f')).toEqual({ outcome: 'running' });
    now += RUNNING_MS + 1;
    expect(await store.claim('k', 'f')).toEqual({ outcome: 'claimed' });
  });
});

describe('the header', () => {
  it.each([
    [undefined, undefined],
    ['3f1c2b7e-9a44-4c1d-8f0e-6b2d9c1a5e70', '3f1c2b7e-9a44-4c1d-8f0e-6b2d9c1a5e70'],
    ['"quoted"', 'quoted'],
    ['  padded  ', 'padded'],
  ])('%j → %j', (header, key) => {
    expect(idempotencyKeyOf(header)).toBe(key);
  });

  it.each([[''], ['""'], ['two words'], ['x'.repeat(256)], ['tab\there'], ['ключ']])('%j is refused', (header) => {
    expect(() => idempotencyKeyOf(header)).toThrow('Idempotency-Key must be 1 to 255 visible characters');
  });
});

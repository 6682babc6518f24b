import { OncePerTurn } from './once-per-turn';

describe('OncePerTurn', () => {
  it('runs the tasks queued in one turn together, in order, after the turn', async () => {
    const batches: number[][] = [];
    let current: number[] | null = null;
    const turn = new OncePerTurn();
    const task = (n: number) => () => {
      if (!current) {
        current = [];
        batches.push(current);
        // Everything run synchronously from here on belongs to the same batch.
        queueMicrotask(() => (current = null));
      }
      current.push(n);
    };

    turn.run(task(1));
    await Promise.resolve(); // a later microtask of the same turn
    turn.run(task(2));
    expect(batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2]]);

    turn.run(task(3));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('call() settles with what its task returns or throws, and a throwing task does not stop the next', async () => {
    const turn = new OncePerTurn();
    const ran: string[] = [];
    const failed = turn.call(() => {
      ran.push('a');
      throw new Error('boom');
    });
    const value = turn.call(() => (ran.push('b'), 42));
    const followed = turn.call(() => Promise.resolve('later'));
    expect(ran).toEqual([]);
    await expect(failed).rejects.toThrow('boom');
    await expect(value).resolves.toBe(42);
    await expect(followed).resolves.toBe('later');
    expect(ran).toEqual(['a', 'b']);
  });
});

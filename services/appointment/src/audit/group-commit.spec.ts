import { GroupCommit } from './group-commit';

/** A write the test finishes by hand. */
function controlledWriter() {
  const writes: { items: number[]; finish: (error?: Error) => void }[] = [];
  const write = (items: number[]) =>
    new Promise<void>((resolve, reject) => {
      writes.push({ items, finish: (error) => (error ? reject(error) : resolve()) });
    });
  return { writes, write };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupCommit', () => {
  it('writes a lone item at once, then groups what arrives while a write is in flight', async () => {
    const { writes, write } = controlledWriter();
    const group = new GroupCommit<number>(write, { maxItems: 100, maxBytes: 1000, sizeOf: () => 1 });
    const resolved: number[] = [];
    const add = (n: number) => group.add(n).then(() => resolved.push(n));

    void add(1);
    expect(writes.map((w) => w.items)).toEqual([[1]]);
    void add(2);
    void add(3);
    void add(4);
    await settle();
    expect(writes).toHaveLength(1); // 2..4 wait for the write in flight
    expect(group.waiting).toBe(3);

    writes[0].finish();
    await settle();
    expect(resolved).toEqual([1]);
    expect(writes.map((w) => w.items)).toEqual([[1], [2, 3, 4]]);
    writes[1].finish();
    await settle();
    expect(resolved).toEqual([1, 2, 3, 4]);
  });

  it('keeps groups within maxItems and maxBytes, but never leaves an oversized item behind', async () => {
    const { writes, write } = controlledWriter();
    const group = new GroupCommit<number>(write, { maxItems: 3, maxBytes: 10, sizeOf: (n) => n });
    const all = [1, 1, 1, 1, 4, 4, 4, 50, 1].map((n) => group.add(n));
    for (let i = 0; i < 6 && writes.some((w) => w); i++) {
      writes[writes.length - 1].finish();
      await settle();
    }
    await Promise.all(all);
    expect(writes.map((w) => w.items)).toEqual([[1], [1, 1, 1], [4, 4], [4], [50], [1]]);
  });

  it('rejects every caller of a failed write, and goes on with the next group', async () => {
    const { writes, write } = controlledWriter();
    const group = new GroupCommit<number>(write, { maxItems: 10, maxBytes: 100, sizeOf: () => 1 });
    const first = group.add(1);
    const second = group.add(2);
    const third = group.add(3);
    writes[0].finish(new Error('stream unavailable'));
    await expect(first).rejects.toThrow('stream unavailable');
    await settle();
    expect(writes[1].items).toEqual([2, 3]);
    writes[1].finish();
    await expect(Promise.all([second, third])).resolves.toBeDefined();
  });
});

/**
 * Group commit: at most one write in flight; whatever arrives meanwhile goes out together in the next write,
 * and each caller resolves when the write holding its item is done. Under no load every item is written at
 * once, alone; under load the writes grow instead of queueing up, so the per-write cost is shared.
 * A group never exceeds `maxItems` items or `maxBytes` (the sum of the sizes `sizeOf` gives).
 */
export class GroupCommit<T> {
  private pending: { item: T; size: number; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly limits: { maxItems: number; maxBytes: number; sizeOf: (item: T) => number },
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ item, size: this.limits.sizeOf(item), resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  /** Items waiting for a write (not counting the one in flight). */
  get waiting(): number {
    return this.pending.length;
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.pending.length) {
        const group = this.nextGroup();
        try {
          await this.write(group.map((entry) => entry.item));
          for (const entry of group) entry.resolve();
        } catch (error) {
          for (const entry of group) entry.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  private nextGroup() {
    let count = 0;
    let bytes = 0;
    // Always at least one item, even one over maxBytes on its own (the writer reports what it cannot take).
    while (count < this.pending.length && count < this.limits.maxItems && (count === 0 || bytes + this.pending[count].size <= this.limits.maxBytes)) {
      bytes += this.pending[count].size;
      count++;
    }
    return this.pending.splice(0, count);
  }
}

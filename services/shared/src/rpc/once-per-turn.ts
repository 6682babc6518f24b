/**
 * Runs the tasks queued during one event-loop turn together, in one setImmediate callback.
 *
 * Why: nats.js writes its outbound buffer to the socket at the end of the microtask queue in which something
 * was published. Under load each HTTP request (in the gateway) and each database reply (in a service) is its
 * own macrotask, so every NATS request and reply cost a write syscall, and a wake-up of nats-server, of its
 * own: on this 2-core machine ~0.3 ms of CPU across processes, more than the work it carries. Publishing the
 * turn's messages from one callback lets nats.js send them in one write. Only the order in which we call the
 * public nc.request / msg.respond changes; the delay is the rest of the current turn (microseconds), and
 * under no load nothing waits for anything else.
 */
export class OncePerTurn {
  private queue: Array<() => void> = [];

  /** Queues a task for the end of this turn; a task must not throw (it would stop the ones after it). */
  run(task: () => void): void {
    this.queue.push(task);
    if (this.queue.length === 1) setImmediate(this.drain);
  }

  /**
   * Queues `task` like run() and settles with its outcome: what it returns (a promise is followed), or what
   * it throws. The task cannot stop the ones after it.
   */
  call<T>(task: () => T | PromiseLike<T>): Promise<T> {
    return new Promise<T>((resolve, reject) =>
      this.run(() => {
        try {
          resolve(task());
        } catch (error) {
          reject(error);
        }
      }),
    );
  }

  private readonly drain = (): void => {
    const tasks = this.queue;
    this.queue = [];
    for (const task of tasks) task();
  };
}

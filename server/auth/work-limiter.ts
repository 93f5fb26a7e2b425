/**
 * A tiny counting semaphore with a bounded FIFO queue, for slow work that runs in libuv's
 * threadpool (password hashing). Written here rather than taken from p-limit: p-limit is only a
 * transitive dependency of eslint (not something the server may import), and what we need
 * beyond it — refusing at once when the queue is full, and an estimate of the wait for
 * Retry-After — is most of the code anyway.
 */

export class QueueFullError extends Error {
  override name = 'QueueFullError';

  constructor(
    message: string,
    /** A rough estimate of how long the queue now in front would take to drain. */
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

export type WorkLimiterOptions = {
  /** How many tasks may run at once (at least 1). */
  concurrency: number;
  /** How many tasks may wait beyond those running; one more is refused with QueueFullError. */
  maxQueue: number;
  /** A first guess at a task's duration, until real ones are measured (for retryAfterMs). */
  expectedTaskMs?: number;
  now?: () => number;
};

export class WorkLimiter {
  readonly concurrency: number;
  readonly maxQueue: number;
  private active = 0;
  /** Resolvers of the tasks waiting for a slot, oldest first. */
  private readonly waiting: Array<() => void> = [];
  /** Exponential moving average of task durations: enough to say "try again in ~N s". */
  private averageMs: number;
  private readonly now: () => number;

  constructor(options: WorkLimiterOptions) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency));
    this.maxQueue = Math.max(0, Math.floor(options.maxQueue));
    this.averageMs = options.expectedTaskMs ?? 100;
    this.now = options.now ?? performance.now.bind(performance);
  }

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Time until a task queued now would start, roughly: everything ahead of it, spread over the slots. */
  estimatedWaitMs(): number {
    return Math.ceil(((this.waiting.length + this.active) / this.concurrency) * this.averageMs);
  }

  /**
   * Runs `task` when a slot is free, in the order callers asked. Throws QueueFullError at once
   * (without running `task`) when `maxQueue` tasks are already waiting.
   */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) {
        throw new QueueFullError('The work queue is full', this.estimatedWaitMs());
      }
      // The slot is handed over by release(), so `active` already counts this task on wake-up:
      // nobody arriving in between can jump the queue.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    const started = this.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (this.now() - started);
      this.release();
    }
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

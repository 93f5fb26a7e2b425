import { describe, expect, it } from 'vitest';
import { QueueFullError, WorkLimiter } from '@server/auth/work-limiter';

/** A task that runs until released, recording how many run at once. */
function gate() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WorkLimiter', () => {
  it('never runs more than its concurrency at once, and runs everything', async () => {
    const limiter = new WorkLimiter({ concurrency: 2, maxQueue: 100 });
    let running = 0;
    let peak = 0;
    const tasks = Array.from({ length: 20 }, (_, i) =>
      limiter.run(async () => {
        running++;
        peak = Math.max(peak, running);
        // Uneven durations, so slots free up in a different order than they were taken.
        await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
        running--;
        return i;
      }),
    );
    expect(await Promise.all(tasks)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(peak).toBe(2);
    expect(limiter.running).toBe(0);
    expect(limiter.queued).toBe(0);
  });

  it('starts waiting tasks in the order they asked, and a newcomer does not jump the queue', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, maxQueue: 10 });
    const first = gate();
    const started: string[] = [];
    const running = limiter.run(async () => {
      started.push('first');
      await first.done;
    });
    const queued = ['a', 'b', 'c', 'd'].map((name) => limiter.run(async () => void started.push(name)));
    await tick();
    expect(started).toEqual(['first']);
    expect(limiter.queued).toBe(4);
    first.release();
    // Arrives as the first one finishes, with others still waiting: it goes last.
    const late = limiter.run(async () => void started.push('late'));
    await Promise.all([running, ...queued, late]);
    expect(started).toEqual(['first', 'a', 'b', 'c', 'd', 'late']);
  });

  it('refuses at once beyond maxQueue, with an estimate of the wait, without running the task', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, maxQueue: 2, expectedTaskMs: 500, now: () => 0 });
    const blocker = gate();
    const held = [0, 1, 2].map(() => limiter.run(() => blocker.done));
    let ran = false;
    const refused = await limiter
      .run(async () => {
        ran = true;
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QueueFullError);
    // One running and two waiting, 500 ms each, over one slot.
    expect((refused as QueueFullError).retryAfterMs).toBe(1500);
    expect(ran).toBe(false);
    blocker.release();
    await Promise.all(held);
    // Room again once the queue drained.
    expect(await limiter.run(async () => 'ok')).toBe('ok');
  });

  it('frees the slot when a task fails', async () => {
    const limiter = new WorkLimiter({ concurrency: 1, maxQueue: 1 });
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(limiter.running).toBe(0);
    expect(await limiter.run(async () => 1)).toBe(1);
  });
});

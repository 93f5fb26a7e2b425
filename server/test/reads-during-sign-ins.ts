/**
 * A rough, in-process look at what a burst of sign-ins does to signed-in reads (issue 17): the
 * reads run one after another while the sign-ins run all at once, and their latencies come back
 * for the caller to judge. The callers are functions, so the same helper drives `app.inject`
 * in a test or `fetch` against a running server from a script or the bench.
 */
export type ReadsDuringSignIns = {
  /** Each read's latency in milliseconds, in the order they ran. */
  readMs: number[];
  /** From the first sign-in sent to the last one answered. */
  signInsMs: number;
};

export async function readsDuringSignIns(options: {
  signIn: (index: number) => Promise<unknown>;
  read: () => Promise<unknown>;
  signIns: number;
}): Promise<ReadsDuringSignIns> {
  const started = performance.now();
  let signInsDone = false;
  const burst = Promise.all(Array.from({ length: options.signIns }, (_, i) => options.signIn(i))).finally(() => {
    signInsDone = true;
  });
  const readMs: number[] = [];
  // At least one read even if the sign-ins were quicker than expected.
  do {
    const before = performance.now();
    await options.read();
    readMs.push(performance.now() - before);
  } while (!signInsDone);
  await burst;
  return { readMs, signInsMs: performance.now() - started };
}

/** The p-th percentile (0–100) of some numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

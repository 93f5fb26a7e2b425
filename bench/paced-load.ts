import { Agent, request } from 'node:http';

/**
 * An open-loop load at a fixed rate: request i is due at start + i / rate, whether or not earlier
 * ones have been answered, and its latency runs from when it was due to the last byte of its
 * answer (so a generator that fell behind, or a server that queued, is charged to the latency,
 * not hidden: no coordinated omission).
 *
 * Why not autocannon's overallRate: autocannon 9 paces each connection by sending its whole
 * second's share back to back when the second starts and then waiting (lib/httpClient.js,
 * reqsMadeThisSecond), so every second begins with a burst of `connections` concurrent requests;
 * and with a rate it records latencies through recordValueWithExpectedInterval(…, ceil(1 / rate))
 * = 1 ms (lib/run.js), which adds a made-up sample for every millisecond of each answer and
 * drags its percentiles toward 1 ms. Neither is a latency at a fixed rate.
 */
export interface PacedRequest {
  /** Latencies are kept per kind (e.g. read, sign-in). */
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface KindResult {
  latenciesMs: number[];
  statuses: Map<number, number>;
  errors: string[];
}

export interface PacedResult {
  byKind: Map<string, KindResult>;
  /** How late the generator sent the latest request, ms (it should stay near 0). */
  worstSendLagMs: number;
  /** Requests answered per second, over the run. */
  achievedRate: number;
}

export async function pacedLoad(
  origin: string,
  options: { rate: number; seconds: number; next: (index: number) => PacedRequest; timeoutMs?: number },
): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const byKind = new Map<string, KindResult>();
  const total = Math.max(1, Math.round(options.rate * options.seconds));
  const interval = 1000 / options.rate;
  const pending: Array<Promise<void>> = [];
  let worstSendLagMs = 0;
  const started = performance.now();

  const send = (index: number, due: number) => {
    const spec = options.next(index);
    let kind = byKind.get(spec.kind);
    if (!kind) byKind.set(spec.kind, (kind = { latenciesMs: [], statuses: new Map(), errors: [] }));
    const result = kind;
    worstSendLagMs = Math.max(worstSendLagMs, performance.now() - due);
    pending.push(
      new Promise<void>((resolve) => {
        const req = request(
          `${origin}${spec.path}`,
          {
            agent,
            method: spec.method,
            timeout: options.timeoutMs ?? 30_000,
            headers: {
              ...spec.headers,
              ...(spec.body === undefined
                ? {}
                : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(spec.body) }),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              result.latenciesMs.push(performance.now() - due);
              const status = res.statusCode ?? 0;
              result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
              resolve();
            });
            res.on('error', (error) => {
              result.errors.push(error.message);
              resolve();
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error('timed out')));
        req.on('error', (error) => {
          result.errors.push(error.message);
          resolve();
        });
        req.end(spec.body);
      }),
    );
  };

  await new Promise<void>((resolve) => {
    let index = 0;
    const tick = () => {
      const now = performance.now();
      while (index < total && started + index * interval <= now) {
        send(index, started + index * interval);
        index += 1;
      }
      if (index >= total) resolve();
      else setTimeout(tick, Math.max(0, started + index * interval - performance.now()));
    };
    tick();
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { byKind, worstSendLagMs, achievedRate: total / elapsed };
}

/** Every status that is not 2xx, and every transport error, as text (empty when all went well). */
export function failures(result: KindResult, allowed: (status: number) => boolean = () => false): string {
  const bad = [...result.statuses].filter(([status]) => (status < 200 || status >= 300) && !allowed(status));
  return [...bad.map(([status, count]) => `${count} × ${status}`), ...result.errors.slice(0, 3)].join(', ');
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, ROOT, terminate, waitUntilReady } from '../scripts/server-process';
import { calculateBody } from './api';
import { median, report, say, settings } from './figures';

/**
 * Requests per second of two public routes, each beside a bare Fastify route that sends the same
 * bytes (bench/bare-server.ts), in ABBA order — route, bare, bare, route, `rounds` times — so that
 * drift on a shared machine weighs on both alike. The figure is the median over rounds of
 * (A₁ + A₂) / (B₁ + B₂). Requests carry no Accept-Encoding (autocannon sends none), so the route
 * answers uncompressed; the baseline copies the route's answer to such a request — status,
 * headers (ETag and caching ones included) and body bytes — at the same method and path, and
 * receives the same request body.
 */
export const THROUGHPUT_GOALS = { calculate: { min: 0.5, aim: 0.7 }, specialitylist: { min: 0.5 } } as const;
const CONNECTIONS = 10;

interface Target {
  name: 'specialitylist' | 'calculate';
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  headerBytes: number;
}

/** Headers that belong to the connection or the moment, not to the answer. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** One request exactly as the load sends it (no Accept-Encoding), read raw. */
function fetchRaw(origin: string, target: Target): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(target.path, origin);
    const req = request(
      url,
      {
        method: target.method,
        headers: target.body
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(target.body) }
          : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          let headerBytes = 0;
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            const name = res.rawHeaders[i]!;
            const value = res.rawHeaders[i + 1]!;
            headerBytes += name.length + value.length + 4;
            if (!PER_RESPONSE.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks), headerBytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(target.body);
  });
}

function load(origin: string, target: Target, duration: number) {
  return autocannon({
    url: `${origin}${target.path}`,
    method: target.method,
    ...(target.body ? { body: target.body, headers: { 'content-type': 'application/json' } } : {}),
    connections: CONNECTIONS,
    duration,
  });
}

async function rate(origin: string, target: Target, duration: number): Promise<number> {
  const result = await load(origin, target, duration);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${target.method} ${origin}${target.path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result.requests.average;
}

export async function throughputSection(baseUrl: string): Promise<void> {
  const targets: Target[] = [
    { name: 'specialitylist', method: 'GET', path: '/api/weborder/auth/specialitylist' },
    {
      name: 'calculate',
      method: 'POST',
      path: '/api/weborder/auth/calculate',
      body: JSON.stringify(await calculateBody(baseUrl)),
    },
  ];
  const answers = new Map<Target, Answer>();
  /** Headers whose value changes from one answer to the next (a request id): copied, not compared. */
  const varying = new Set<string>();
  for (const target of targets) {
    const answer = await fetchRaw(baseUrl, target);
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`${target.path}: ${answer.status} ${answer.body.toString()}`);
    const again = await fetchRaw(baseUrl, target);
    for (const [name, value] of Object.entries(answer.headers)) if (again.headers[name] !== value) varying.add(name);
    answers.set(target, answer);
  }

  const dir = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  const file = join(dir, 'answers.json');
  writeFileSync(
    file,
    JSON.stringify(
      targets.map((target) => {
        const answer = answers.get(target)!;
        return {
          method: target.method,
          path: target.path,
          status: answer.status,
          headers: answer.headers,
          body: answer.body.toString('base64'),
        };
      }),
    ),
  );
  const port = await freePort();
  const bareOrigin = `http://127.0.0.1:${port}`;
  let log = '';
  const bare: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), BARE_ANSWERS_FILE: file },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  bare.stdout?.on('data', (chunk) => (log += chunk));
  bare.stderr?.on('data', (chunk) => (log += chunk));
  try {
    await waitUntilReady(`${bareOrigin}/bare/ready`, bare, () => log);
    for (const target of targets) {
      const route = answers.get(target)!;
      const copy = await fetchRaw(bareOrigin, target);
      if (!copy.body.equals(route.body) || copy.status !== route.status)
        throw new Error(`The bare copy of ${target.path} answers other bytes`);
      const missing = Object.keys(route.headers).filter(
        (name) => !varying.has(name) && copy.headers[name] !== route.headers[name],
      );
      if (missing.length > 0) throw new Error(`The bare copy of ${target.path} lacks headers: ${missing.join(', ')}`);
      await measureRatio(baseUrl, bareOrigin, target, route, copy);
    }
  } finally {
    await terminate(bare);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measureRatio(
  origin: string,
  bareOrigin: string,
  target: Target,
  route: Answer,
  copy: Answer,
): Promise<void> {
  const { seconds, rounds } = settings;
  // Warm both (JIT, connection pools, caches), then ABBA.
  await rate(origin, target, 1);
  await rate(bareOrigin, target, 1);
  const routeRates: number[] = [];
  const bareRates: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const a1 = await rate(origin, target, seconds);
    const b1 = await rate(bareOrigin, target, seconds);
    const b2 = await rate(bareOrigin, target, seconds);
    const a2 = await rate(origin, target, seconds);
    routeRates.push(a1, a2);
    bareRates.push(b1, b2);
    ratios.push((a1 + a2) / (b1 + b2));
  }
  const ratio = median(ratios);
  const goal = THROUGHPUT_GOALS[target.name];
  report({
    section: 'throughput',
    name: `${target.method} auth/${target.name} / bare Fastify, same bytes`,
    value: `${ratio.toFixed(2)}×`,
    goal: `≥ ${goal.min}×${'aim' in goal ? `, aim ${goal.aim}×` : ''}`,
    met: ratio >= goal.min,
    note: `round ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}`,
  });
  say(
    `${target.method} auth/${target.name}: ${Math.round(median(routeRates))} req/s, bare: ${Math.round(median(bareRates))} req/s ` +
      `(medians of ${rounds} ABBA rounds × ${seconds} s, ${CONNECTIONS} connections, no Accept-Encoding); ` +
      `answer ${route.body.length} body bytes + ${route.headerBytes} header bytes, bare ${copy.body.length} + ${copy.headerBytes}` +
      `${target.body ? `; request body ${Buffer.byteLength(target.body)} bytes to both` : ''}`,
  );
}

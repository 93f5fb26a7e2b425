import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../server/config';
import { freePort, ROOT, serverArgs, terminate } from '../scripts/server-process';
import { report, say, settings } from './figures';

/**
 * The default start as a deployer runs it — the embedded PGlite, every setting at its default
 * but the port and the data directory — measured from outside:
 * - cold start: from spawn to the first 200 of GET /api/weborder/health (polled every 10 ms),
 *   with a fresh data directory (migrations and the demo data run) and with the one it left;
 * - idle RSS: VmRSS of the server's own node process (/proc/<pid>/status) `idleSeconds` after it
 *   was healthy, and its peak (VmHWM); child processes (tsx's esbuild service) shown apart.
 * The process is node itself (spawned with process.execPath, no npm or shell in between); it
 * runs the compiled server (dist-server/main.js) once that exists, else server/main.ts under tsx
 * as `npm start` does.
 */
export const MEMORY_GOALS = { idleRssMb: 300 } as const;

/** The variables server/config.ts reads, unset so the defaults apply. */
const CONFIG_VARIABLES = [
  'PORT', 'HOST', 'DATABASE_URL', 'DATA_DIR', 'PUBLIC_URL', 'AUTH_SECRET', 'SMTP_URL', 'MAIL_FROM', 'GOOGLE_CLIENT_ID', 'GOOGLE_JWKS_URL',
  'PAYMENT_PROVIDER', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'SEED_DEMO',
  'UNDERWRITING_AUTHORITY_CENTS', 'LOG_LEVEL', 'TRUST_PROXY', 'STATIC_DIR', 'API_BASE', 'PRODUCTION', 'DNS_PREFETCH_HOSTS',
  'INSURER_NAME', 'INSURER_NAIC', 'INSURER_AM_BEST', 'PRODUCER_LICENSES', 'SUPPORT_PHONE', 'NODE_ENV',
];

/** What `npm start` runs: the compiled server, rebuilt first when any of its sources changed. */
async function serverCommand(): Promise<{ args: string[]; label: string }> {
  const args = await serverArgs(true);
  return { args, label: `node ${args.join(' ')}` };
}

interface Started {
  child: ChildProcess;
  url: string;
  toHealthyMs: number;
  log: () => string;
}

async function startDefault(dataDir: string): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete env[name];
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, (await serverCommand()).args, { cwd: ROOT, env: { ...env, PORT: String(port), DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk) => (log = (log + chunk).slice(-20_000)));
  child.stderr?.on('data', (chunk) => (log = (log + chunk).slice(-20_000)));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The server exited before it was healthy:\n${log}`);
    try {
      if ((await fetch(`${url}/api/weborder/health`)).status === 200) return { child, url, toHealthyMs: performance.now() - started, log: () => log };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await terminate(child);
  throw new Error(`The server was not healthy within 120 s:\n${log}`);
}

/** A /proc/<pid>/status field in MB (the kernel writes kB). */
function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(match[1]) / 1024;
}

/** Every descendant of pid, from /proc/<n>/stat's parent field. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, of] of parents) {
      if (of !== parent) continue;
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

async function startAndMeasure(dataDir: string, label: string): Promise<void> {
  const server = await startDefault(dataDir);
  try {
    await measureStarted(server, label);
  } catch (error) {
    await terminate(server.child);
    throw error;
  }
  const code = await terminate(server.child);
  if (code !== 0) throw new Error(`The server exited with ${code} on SIGTERM:\n${server.log()}`);
}

async function measureStarted(server: Started, label: string): Promise<void> {
  const pid = server.child.pid!;
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  if (!cmdline.includes('main.')) throw new Error(`pid ${pid} is not the server: ${cmdline}`);
  report({ section: 'memory', name: `cold start to healthy, ${label} data dir`, value: `${(server.toHealthyMs / 1000).toFixed(2)} s`, goal: '' });
  await new Promise((resolve) => setTimeout(resolve, settings.idleSeconds * 1000));
  const rss = statusMb(pid, 'VmRSS');
  const children = descendants(pid).map((child) => {
    try {
      return { child, rss: statusMb(child, 'VmRSS'), name: readFileSync(`/proc/${child}/comm`, 'utf8').trim() };
    } catch {
      return undefined;
    }
  });
  const childText = children
    .filter((c) => c !== undefined)
    .map((c) => `${c.name} ${c.rss.toFixed(0)} MB`)
    .join(', ');
  report({
    section: 'memory',
    name: `idle RSS ${settings.idleSeconds} s after healthy, ${label} data dir`,
    value: `${rss.toFixed(0)} MB`,
    goal: `≤ ${MEMORY_GOALS.idleRssMb} MB`,
    met: rss <= MEMORY_GOALS.idleRssMb,
    note: `peak ${statusMb(pid, 'VmHWM').toFixed(0)} MB; child processes apart: ${childText || 'none'}`,
  });
}

export async function memorySection(): Promise<void> {
  say(`default start: ${(await serverCommand()).label}, PGlite, every setting at its default but PORT and DATA_DIR`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  try {
    await startAndMeasure(dataDir, 'fresh');
    await startAndMeasure(dataDir, 'existing');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The log level of the default start: server/config.ts with nothing set. */
export function logLevelSection(): void {
  const level = parseConfig({}, ROOT).logLevel;
  report({ section: 'config', name: 'log level of the default start', value: level, goal: '', note: 'server/config.ts, LOG_LEVEL unset' });
}

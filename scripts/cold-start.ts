import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, ROOT, serverArgs, terminate } from './server-process';

/**
 * Cold start of the production server as `npm start` runs it (the bundle in dist-server/, on the
 * embedded PGlite), measured from outside: from spawn to the first 200 of the health route, on a
 * fresh empty data directory (initdb, migrations and the demo data run), then again on the
 * directory that start left. The bundle is brought up to date before, outside the timing.
 */
export type ColdStart = {
  /** Spawn to the first 200 of GET /api/weborder/health, polled every 10 ms. */
  healthyMs: number;
  /** VmRSS `idleMs` after healthy, in MB (Linux only, from /proc; undefined elsewhere). */
  idleRssMb: number | undefined;
  /** VmHWM, the process's peak RSS, in MB (Linux only). */
  peakRssMb: number | undefined;
};

export type ColdStartOptions = {
  /** The bundle (default) or, false, server/main.ts under tsx, for comparison. */
  compiled?: boolean;
  /** How long the server idles after healthy before its RSS is read (default 5000 ms). */
  idleMs?: number;
  /** Added to the environment; DATABASE_URL is always removed, so PGlite is used. */
  env?: Record<string, string>;
  /** Removed from the environment, so their defaults apply (the bench measures the default start). */
  unset?: readonly string[];
};

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function startOnce(args: string[], dataDir: string, options: ColdStartOptions): Promise<ColdStart> {
  const port = await freePort();
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', ...(options.unset ?? [])]) delete inherited[name];
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    ...options.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  };
  const health = `http://127.0.0.1:${port}/api/weborder/health`;
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout?.on('data', (chunk) => (log = (log + chunk).slice(-20_000)));
  child.stderr?.on('data', (chunk) => (log = (log + chunk).slice(-20_000)));
  let figures: ColdStart;
  try {
    let healthyMs: number | undefined;
    const deadline = Date.now() + 120_000;
    while (healthyMs === undefined) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`The server exited before it was healthy:\n${log}`);
      if (Date.now() > deadline) throw new Error(`The server was not healthy within 120 s:\n${log}`);
      try {
        if ((await fetch(health)).status === 200) healthyMs = performance.now() - started;
      } catch {
        // Not listening yet.
      }
      if (healthyMs === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, options.idleMs ?? 5_000));
    figures = { healthyMs, idleRssMb: statusMb(child.pid!, 'VmRSS'), peakRssMb: statusMb(child.pid!, 'VmHWM') };
  } catch (error) {
    await terminate(child);
    throw error;
  }
  // The second start needs the first to have let go of the data directory.
  const code = await terminate(child);
  if (code !== 0) throw new Error(`The server exited with ${code} on SIGTERM:\n${log}`);
  return figures;
}

/** Two starts on one new data directory: the first creates it, the second finds it. */
export async function measureColdStart(
  options: ColdStartOptions = {},
): Promise<{ fresh: ColdStart; existing: ColdStart }> {
  const args = await serverArgs(options.compiled ?? true);
  const dataDir = mkdtempSync(join(tmpdir(), 'cold-start-'));
  try {
    const fresh = await startOnce(args, dataDir, options);
    const existing = await startOnce(args, dataDir, options);
    return { fresh, existing };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx scripts/cold-start.ts [tsx]`: prints both figures.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const compiled = process.argv[2] !== 'tsx';
  const result = await measureColdStart({ compiled });
  for (const [label, figures] of Object.entries(result)) {
    const mb = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} MB`);
    console.log(
      `${compiled ? 'compiled' : 'tsx'}, ${label} data dir: healthy after ${(figures.healthyMs / 1000).toFixed(2)} s, idle RSS ${mb(figures.idleRssMb)}, peak ${mb(figures.peakRssMb)}`,
    );
  }
}

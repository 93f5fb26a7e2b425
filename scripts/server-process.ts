import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUNDLE, serverBundleStale } from './build-server.mjs';

/** The real server as a child process: what the browser tests and the bench run against. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  /** SIGTERM, then wait for the exit; throws unless the server shut down cleanly. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM and wait; resolves with the exit code (null when a signal ended it). */
export async function terminate(child: ChildProcess): Promise<number | null> {
  if (hasExited(child)) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

/** Polls until the address answers 2xx; fails early when the process dies first. */
export async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (hasExited(child)) throw new Error(`The process exited before ${url} answered:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet: poll again.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 60 s:\n${output()}`);
}

/**
 * How to run the server: through tsx (the sources as they are, what tests want), or `compiled`,
 * the bundle `npm start` runs (dist-server/main.js, rebuilt first when stale).
 */
export async function serverArgs(compiled: boolean): Promise<string[]> {
  if (!compiled) return ['--import', 'tsx', 'server/main.ts'];
  if (await serverBundleStale()) await buildServer();
  return ['--enable-source-maps', SERVER_BUNDLE];
}

/** The real server on a free port with a fresh (or given) PGlite data directory, serving the production build. */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; compiled?: boolean } = {},
): Promise<RunningServer> {
  if (!existsSync(join(ROOT, 'dist/index.html'))) {
    throw new Error('No production build in dist/: run `npm run build` first (npm test does).');
  }
  const args = await serverArgs(options.compiled ?? false);
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-server-'));
  const cleanUp = () => {
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  // Under the browser tests, a fresh data directory starts as a copy of the run's migrated,
  // demo-seeded PGlite (server/test/database-templates.ts): seconds less per server, and the
  // server's own migrations and seed then find nothing to do. The bench sets no template: it
  // measures the real first start.
  const template = process.env.PORTAL_TEST_PGLITE_TEMPLATE;
  if (ownsDataDir && template && (options.env?.SEED_DEMO ?? '1') === '1' && !options.env?.DATABASE_URL) {
    cpSync(template, join(dataDir, 'pgdata'), { recursive: true });
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_DEMO: '1',
      PRODUCTION: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  try {
    await waitUntilReady(`${url}/api/weborder/health`, child, () => log);
  } catch (error) {
    await terminate(child);
    cleanUp();
    throw error;
  }
  return {
    url,
    dataDir,
    async stop() {
      const code = await terminate(child);
      cleanUp();
      // A clean shutdown on SIGTERM is part of the contract (DESIGN.md §6).
      if (code !== 0) throw new Error(`The server exited with ${code} on SIGTERM:\n${log}`);
    },
  };
}

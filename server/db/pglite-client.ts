/**
 * Opens the embedded PGlite with what keeps an idle server small (issue 17: an embedded server
 * idled at ~900 MB RSS on a fresh data directory, ~470 MB on an existing one).
 *
 * Where that memory went: PGlite's WebAssembly memory, which can grow but never shrink.
 * - On an empty directory PGlite runs initdb in the calling process, in a second, throw-away
 *   PGlite instance plus initdb's own WASM instance. Their ~430 MB of WASM memory stays
 *   reachable while the database is open (a forced garbage collection frees none of it). Here
 *   initdb runs in a child process instead (`initdb` below), whose memory all goes when it exits;
 *   the server then opens the finished cluster like an existing one. A worker thread was tried:
 *   it left ~130 MB behind in the process's allocator.
 * - PostgreSQL's default shared_buffers (128 MB, which initdb writes into postgresql.conf) grows
 *   the WASM memory by as much, and gets touched (~110 MB of RSS). The whole demo database is
 *   ~25 MB, most of it PostgreSQL's own catalogues, and pages not in the buffer pool come from
 *   the OS file cache, so a smaller pool costs little. A start parameter overrides
 *   postgresql.conf, so existing data directories get it too.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rename, rm, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** PostgreSQL's buffer pool inside the WASM memory (PostgreSQL's default: 128MB). */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * The initdb process's script: CommonJS (`node -e`), so it loads PGlite's CommonJS build by the
 * absolute path it is given, with nothing to resolve and no TypeScript loader to need.
 */
const INITDB_SCRIPT = `
const [pglite, dir] = process.argv.slice(1);
require(pglite).PGlite.create(dir).then((db) => db.close());
`;

/**
 * Creates and initialises a PostgreSQL cluster in `dir` (initdb) in a child process, whose
 * memory the system takes back entirely when it exits (a worker thread's leaves the process's
 * allocator holding some). It is built beside `dir` and renamed into place, so a start stopped
 * half way leaves no half-made cluster that later starts would take for a database, and two
 * starts racing on one data directory both end with a whole cluster, the first one made.
 */
async function initdb(dir: string): Promise<void> {
  // Unique per call, not just per process: two apps in one process (tests) may start on one directory at once.
  const building = `${dir}.initdb-${process.pid}-${randomUUID()}`;
  await rm(building, { recursive: true, force: true });
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let stderr = '';
  const child = spawn(process.execPath, ['-e', INITDB_SCRIPT, pglite, building], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  try {
    if (code !== 0) throw new Error(`PGlite's initdb failed (exit code ${code}): ${stderr.trim()}`);
    // An empty directory (made by hand) would refuse the rename; rmdir never removes a full one.
    await rmdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(building, dir).catch((error: NodeJS.ErrnoException) => {
      // Another start's cluster got there first: use that one.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
}

/**
 * True when `dir` holds no cluster yet: no PG_VERSION (what PGlite itself checks before running
 * initdb) and nothing else either. A directory with files but no PG_VERSION is left to PGlite,
 * as before, rather than replaced.
 */
export async function needsInitdb(dir: string): Promise<boolean> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return false;
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Where the embedded database keeps its PostgreSQL cluster, inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pgdata');
}

/** Creates the cluster in `dir` (initdb, seconds) unless there is one. */
export async function ensurePgliteCluster(dir: string): Promise<void> {
  if (await needsInitdb(dir)) await initdb(dir);
}

/** The PGlite database in `dir` (a PostgreSQL data directory), created when missing. */
export async function openPgliteClient(dir: string): Promise<PGlite> {
  await ensurePgliteCluster(dir);
  return PGlite.create(dir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

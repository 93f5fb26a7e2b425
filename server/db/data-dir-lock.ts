/**
 * PGlite has no cross-process lock: two servers on one DATA_DIR would write the same files and
 * corrupt the database. Before opening it, a server creates DATA_DIR/pgdata.lock holding its
 * pid and removes it on close. A lock left by a process that is gone (crash, SIGKILL) is taken
 * over; a live holder makes start-up fail with a message that names it.
 */
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export const LOCK_FILE = 'pgdata.lock';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';

  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid}: stop that server first, or give this one ` +
        'another DATA_DIR (the embedded database allows one server at a time). ' +
        `If no such server runs, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
  }
}

/** Lock files this process holds: its own pid in a lock file is only stale when not listed. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which still makes it the holder.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The holder's pid; undefined when the file is gone. A file still empty is being written. */
async function readHolder(file: string): Promise<number | 'unreadable' | undefined> {
  for (let attempt = 0; attempt < 10; attempt++) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (errno(error) === 'ENOENT') return undefined;
      throw error;
    }
    if (/^\d+\s*$/.test(text)) return Number(text.trim());
    // Created by `open(…, 'wx')` an instant ago, its pid not written yet: look again.
    await sleep(20);
  }
  return 'unreadable';
}

/** Whether `file` was left by a process that no longer holds it. */
function isStale(file: string, holder: number | 'unreadable'): boolean {
  if (holder === 'unreadable') return true;
  // After a restart in a container the new server often gets the old one's pid.
  if (holder === process.pid) return !heldHere.has(file);
  return !isAlive(holder);
}

/**
 * Takes the lock or throws DataDirInUseError; resolves with the function that releases it.
 * Takeover renames the stale file aside first, so two servers starting at once after a crash
 * cannot both delete it and both believe they hold the lock.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o644);
      try {
        await handle.writeFile(`${process.pid}\n`);
      } finally {
        await handle.close();
      }
      heldHere.add(file);
      return async () => {
        if (!heldHere.delete(file)) return;
        // Only our own lock: never remove one a later process took over.
        if ((await readHolder(file)) === process.pid) await rm(file, { force: true });
      };
    } catch (error) {
      if (errno(error) !== 'EEXIST') throw error;
    }

    const holder = await readHolder(file);
    if (holder === undefined) continue; // Released meanwhile: try again.
    if (!isStale(file, holder)) throw new DataDirInUseError(dataDir, holder as number);

    const aside = `${file}.stale-${process.pid}-${attempt}`;
    try {
      await rename(file, aside);
    } catch (error) {
      if (errno(error) === 'ENOENT') continue; // Another process took it over first.
      throw error;
    }
    // Between reading and renaming, another process may have taken over and written its own
    // lock: put that back and report it.
    const moved = await readHolder(aside);
    if (moved !== holder && moved !== undefined && moved !== 'unreadable' && !isStale(file, moved)) {
      await rename(aside, file);
      throw new DataDirInUseError(dataDir, moved);
    }
    await rm(aside, { force: true });
  }
  throw new Error(`Could not take the lock ${file}: other processes keep taking it over`);
}

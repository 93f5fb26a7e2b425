/**
 * The entry point as a real process: start-up failures end it with a readable message, after
 * closing what was opened (the PGlite DATA_DIR lock above all, or the next start is refused).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '@server/db/data-dir-lock';

const root = fileURLToPath(new URL('..', import.meta.url));
const cleanUp: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const task of cleanUp.splice(0).reverse()) await task().catch(() => undefined);
});

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-main-'));
  cleanUp.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs server/main.ts to its end (it is expected to fail) and collects its output. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // Built from scratch so a developer's DATABASE_URL or SEED_DEMO cannot leak in.
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    }),
  );
}

describe('server/main.ts', () => {
  it('closes the database and explains when the port is taken', async () => {
    const dir = await tempDir();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanUp.push(() => new Promise((resolve) => blocker.close(resolve)));
    const port = (blocker.address() as { port: number }).port;

    const result = await runMain({ PORT: String(port), DATA_DIR: dir, STATIC_DIR: path.join(dir, 'none') });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`cannot listen on 127.0.0.1:${port}: the port is already in use (EADDRINUSE)`);
    // app.close() ran: the lock is gone, so the next start on this DATA_DIR is not refused.
    expect(existsSync(path.join(dir, 'pgdata'))).toBe(true);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  }, 90_000);

  it('names the process holding DATA_DIR, without a stack trace', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, LOCK_FILE), `${process.pid}\n`);

    const result = await runMain({ PORT: '0', DATA_DIR: dir, STATIC_DIR: path.join(dir, 'none') });

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`DATA_DIR ${dir} is in use by process ${process.pid}`);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  }, 90_000);
});

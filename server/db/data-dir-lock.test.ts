/**
 * One server per PGlite DATA_DIR: PGlite has no lock of its own, so two processes on one
 * directory would corrupt it. These run on PGlite whatever TEST_DATABASE_URL says.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '@server/db/data-dir-lock';

const cleanUp: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const task of cleanUp.splice(0).reverse()) await task().catch(() => undefined);
});

async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-lock-'));
  cleanUp.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  it('writes its pid and removes the file on release', async () => {
    const dir = await tempDir();
    const release = await lockDataDir(dir);
    expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    await release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('refuses while a live process holds it, naming that process', async () => {
    const dir = await tempDir();
    // Our parent is certainly alive.
    await writeFile(path.join(dir, LOCK_FILE), `${process.ppid}\n`);
    const attempt = lockDataDir(dir);
    await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(attempt).rejects.toThrow(`DATA_DIR ${dir} is in use by process ${process.ppid}`);
    // Refusing leaves the holder's lock alone.
    expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('refuses a second lock in the same process', async () => {
    const dir = await tempDir();
    const release = await lockDataDir(dir);
    cleanUp.push(release);
    await expect(lockDataDir(dir)).rejects.toThrow(`is in use by process ${process.pid}`);
  });

  it.each([
    ['a process that has exited', async () => `${await deadPid()}\n`],
    // After a container restart, the new server often has the old one's pid.
    ['this pid, from an earlier life', async () => `${process.pid}\n`],
    ['nothing readable', async () => ''],
  ])('takes over a lock left by %s', async (_, content) => {
    const dir = await tempDir();
    await writeFile(path.join(dir, LOCK_FILE), await content());
    const release = await lockDataDir(dir);
    expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    await release();
  });

  it('does not remove a lock another process took over meanwhile', async () => {
    const dir = await tempDir();
    const release = await lockDataDir(dir);
    await writeFile(path.join(dir, LOCK_FILE), `${process.ppid}\n`);
    await release();
    expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.ppid}\n`);
  });
});

describe('two servers on one PGlite DATA_DIR', () => {
  it('refuses the second while the first is open, and opens it once the first closed', async () => {
    const dir = await tempDir();
    const config = await loadConfig({
      DATA_DIR: dir,
      SEED_DEMO: '0',
      STATIC_DIR: path.join(dir, 'no-client-build'),
    });
    const first: FastifyInstance = await buildApp(config, { logLevel: 'silent' });
    cleanUp.push(() => first.close());

    await expect(buildApp(config, { logLevel: 'silent' })).rejects.toThrow(
      `DATA_DIR ${dir} is in use by process ${process.pid}`,
    );
    // The refused start did not disturb the first server.
    expect((await first.inject({ url: '/api/weborder/health' })).statusCode).toBe(200);

    await first.close();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const second = await buildApp(config, { logLevel: 'silent' });
    cleanUp.push(() => second.close());
    // The health answer also reports the public address against the request's (issue 16).
    expect((await second.inject({ url: '/api/weborder/health' })).json()).toMatchObject({
      status: 'ok',
      database: 'pglite',
    });
  });
});

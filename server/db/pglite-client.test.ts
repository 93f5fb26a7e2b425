/** The embedded database's own opening: initdb in a child process, a small buffer pool. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteClient, PGLITE_SHARED_BUFFERS, pgliteDir } from '@server/db/pglite-client';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pglite-client-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function sharedBuffers(): Promise<string | undefined> {
  const client = await openPgliteClient(pgliteDir(dataDir));
  try {
    const { rows } = await client.query<{ shared_buffers: string }>('show shared_buffers');
    return rows[0]?.shared_buffers;
  } finally {
    await client.close();
  }
}

describe('openPgliteClient', () => {
  it('creates the cluster in place, leaving nothing beside it, and opens it with the small buffer pool', async () => {
    expect(await sharedBuffers()).toBe(PGLITE_SHARED_BUFFERS);
    expect(existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dataDir)).toEqual(['pgdata']);
  });

  it('gives an existing cluster the small pool too, whatever its postgresql.conf says', async () => {
    // initdb wrote PostgreSQL's default; the start parameter wins over it.
    expect(readFileSync(path.join(pgliteDir(dataDir), 'postgresql.conf'), 'utf8')).toMatch(/^shared_buffers = 128MB/m);
    expect(await sharedBuffers()).toBe(PGLITE_SHARED_BUFFERS);
  });
});

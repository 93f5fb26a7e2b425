import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverBundleStale } from './build-server.mjs';

/** A small project shaped like this one: aliases, and a file read beside its source at run time. */
let root: string;
let moved: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'build-server-'));
  write('package.json', '{ "type": "module" }');
  write(
    'tsconfig.json',
    JSON.stringify({ compilerOptions: { paths: { '@server/*': ['./server/*'], '@/*': ['./src/*'] } } }),
  );
  write('src/shared.ts', "export const shared: string = 'shared';");
  write('server/db/migrations/0000.sql', 'select 1;');
  write(
    'server/db/read.ts',
    "import { readFileSync } from 'node:fs';\nexport const migration = (): string => readFileSync(new URL('./migrations/0000.sql', import.meta.url), 'utf8');",
  );
  write(
    'server/main.ts',
    "import { migration } from '@server/db/read';\nimport { shared } from '@/shared';\nconsole.log(`${shared} ${migration()}`);",
  );
  await buildServer(root);
  // The same project somewhere else: nothing in the bundle may name where it was built.
  moved = mkdtempSync(path.join(tmpdir(), 'build-server-moved-'));
  cpSync(root, moved, { recursive: true });
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(moved, { recursive: true, force: true });
});

describe('the server bundle', () => {
  it('resolves the aliases and reads files beside their sources, wherever the project is', () => {
    for (const project of [root, moved]) {
      const output = execFileSync(process.execPath, [path.join(project, 'dist-server/main.js')], { encoding: 'utf8' });
      expect(output.trim()).toBe('shared select 1;');
    }
  });

  it('is stale only when a file it bundled changes', async () => {
    expect(await serverBundleStale(root)).toBe(false);
    // A migration is read at run time, not bundled.
    write('server/db/migrations/0001.sql', 'select 2;');
    expect(await serverBundleStale(root)).toBe(false);
    write('src/shared.ts', "export const shared: string = 'changed';");
    expect(await serverBundleStale(root)).toBe(true);
  });
});

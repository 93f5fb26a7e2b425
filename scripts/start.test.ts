import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fingerprint, writeStamp } from './build-server.mjs';
import { clientBuildStale, clientInputs } from './start.mjs';

/** A project with the files the web client's build reads, built once (dist/ and a stamp). */
let root: string;
let stamp: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** What `npm start` does after a successful vite build. */
async function recordBuild() {
  await writeStamp(stamp, await fingerprint(root, await clientInputs(root)));
}

beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'start-staleness-'));
  stamp = path.join(root, 'dist-server', 'client-build.json');
  write('index.html', '<div id="root"></div>');
  write('src/main.tsx', 'export {};');
  write('src/app/screen.tsx', 'export {};');
  write('vite.config.ts', "import { precompress } from './scripts/precompress.ts';");
  write('scripts/precompress.ts', 'export {};');
  write('package-lock.json', '{}');
  write('tsconfig.json', '{}');
  write('dist/index.html', '<html>');
  await recordBuild();
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('whether npm start rebuilds the web client', () => {
  it('does not after a build, and does without a record of one or without dist/', async () => {
    expect(await clientBuildStale(root, stamp)).toBe(false);
    rmSync(stamp);
    expect(await clientBuildStale(root, stamp)).toBe(true);
    await recordBuild();
    rmSync(path.join(root, 'dist'), { recursive: true });
    expect(await clientBuildStale(root, stamp)).toBe(true);
  });

  it('does when a source changes, even to an older modification time', async () => {
    const file = path.join(root, 'src/app/screen.tsx');
    const { mtime } = statSync(file);
    utimesSync(file, mtime, new Date(mtime.getTime() - 86_400_000));
    expect(await clientBuildStale(root, stamp)).toBe(true);
  });

  it('does when a source is added or removed, but not for a test file', async () => {
    write('src/app/screen.test.tsx', 'export {};');
    expect(await clientBuildStale(root, stamp)).toBe(false);
    write('src/app/other.tsx', 'export {};');
    expect(await clientBuildStale(root, stamp)).toBe(true);
    await recordBuild();
    rmSync(path.join(root, 'src/app/other.tsx'));
    expect(await clientBuildStale(root, stamp)).toBe(true);
  });

  it('does when the lock file, a file vite.config.ts imports or an .env file changes', async () => {
    write('package-lock.json', '{ "lockfileVersion": 3 }');
    expect(await clientBuildStale(root, stamp)).toBe(true);
    await recordBuild();
    write('scripts/precompress.ts', 'export const level = 11;');
    expect(await clientBuildStale(root, stamp)).toBe(true);
    await recordBuild();
    write('.env.production', 'VITE_X=1');
    expect(await clientBuildStale(root, stamp)).toBe(true);
  });
});

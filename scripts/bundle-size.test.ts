import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  initialChunks,
  LANDING_BUDGET_KB,
  LANDING_SCREEN_SOURCE,
  landingInitialJs,
  ROUTE_BUDGET_KB,
  routeInitialJs,
  screenSources,
} from './bundle-size';

const made: string[] = [];
function tempDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'size-'));
  made.push(dist);
  return dist;
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: [LANDING_SCREEN_SOURCE, 'src/other.tsx'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  [LANDING_SCREEN_SOURCE]: { file: 'assets/landing.js', imports: ['_shared.js', '_vendor.js'] },
  '_shared.js': { file: 'assets/shared.js' },
  'src/other.tsx': { file: 'assets/other.js', imports: ['_heavy.js'] },
  '_heavy.js': { file: 'assets/heavy.js' },
};

describe('landing initial JavaScript', () => {
  it('counts the entry, the landing screen and their static imports once, not other lazy screens', () => {
    expect(initialChunks(manifest, LANDING_SCREEN_SOURCE).sort()).toEqual(
      ['assets/index.js', 'assets/landing.js', 'assets/shared.js', 'assets/vendor.js'].sort(),
    );
  });

  it('sums the gzip size of those files from a build directory', () => {
    const dist = tempDist();
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    const contents: Record<string, string> = {};
    for (const chunk of Object.values(manifest)) {
      contents[chunk.file] = `console.log(${JSON.stringify(chunk.file.repeat(50))});`;
      writeFileSync(join(dist, chunk.file), contents[chunk.file]!);
    }
    const expected = ['assets/index.js', 'assets/landing.js', 'assets/shared.js', 'assets/vendor.js']
      .map((f) => gzipSync(contents[f]!, { level: 9 }).length)
      .reduce((a, b) => a + b, 0);
    expect(landingInitialJs(dist).totalGzipBytes).toBe(expected);
  });

  it('measures every route as the entry plus its own chunk and their static imports, largest first', () => {
    const dist = tempDist();
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    for (const chunk of Object.values(manifest)) writeFileSync(join(dist, chunk.file), 'export {};');
    // Only the other screen imports this, and random bytes do not compress: it is the larger route.
    writeFileSync(join(dist, 'assets/heavy.js'), randomBytes(4096));
    const routes = routeInitialJs(dist, [
      { name: 'landing', source: LANDING_SCREEN_SOURCE },
      { name: 'other', source: 'src/other.tsx' },
    ]);
    expect(routes.map((route) => route.name)).toEqual(['other', 'landing']);
    expect(routes[0]!.files.map((f) => f.file).sort()).toEqual([
      'assets/heavy.js',
      'assets/index.js',
      'assets/other.js',
      'assets/vendor.js',
    ]);
  });

  it('knows every screen of the table of screens as a manifest key', () => {
    const sources = screenSources();
    expect(sources.length).toBeGreaterThan(30);
    expect(sources).toContainEqual({ name: 'landing', source: LANDING_SCREEN_SOURCE });
    expect(sources).toContainEqual({ name: 'payment', source: 'src/screens/payment/payment-screen.tsx' });
  });

  it('refuses a manifest without the landing screen', () => {
    expect(() => initialChunks({ 'index.html': { file: 'a.js', isEntry: true } }, LANDING_SCREEN_SOURCE)).toThrow(
      /no chunk/,
    );
  });
});

describe('npm run size', () => {
  function buildWith(landingBytes: Buffer): string {
    const dist = tempDist();
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    for (const chunk of Object.values(manifest)) writeFileSync(join(dist, chunk.file), 'export {};');
    writeFileSync(join(dist, 'assets/landing.js'), landingBytes);
    return dist;
  }
  const screensOfFixture = JSON.stringify([
    { name: 'landing', source: LANDING_SCREEN_SOURCE },
    { name: 'other', source: 'src/other.tsx' },
  ]);
  const check = (dist: string) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./size-check.ts', import.meta.url)), dist, screensOfFixture],
      {
        encoding: 'utf8',
      },
    );

  it('fails the build when the landing route is over budget', () => {
    // Random bytes do not compress: this is over the budget once gzipped too.
    const result = check(buildWith(randomBytes((LANDING_BUDGET_KB + 5) * 1024)));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Over budget/);
  });

  it('fails the build when any other route is over its budget, naming it', () => {
    const dist = buildWith(Buffer.from('export {};'));
    writeFileSync(join(dist, 'assets/heavy.js'), randomBytes((ROUTE_BUDGET_KB + 5) * 1024));
    const result = check(dist);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Over budget: route other loads \d+(\.\d)? KB gzip/);
    expect(result.stderr).not.toMatch(/landing route must stay/);
  });

  it('passes a build within budget', () => {
    const result = check(buildWith(randomBytes((LANDING_BUDGET_KB - 20) * 1024)));
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/landing route initial JavaScript: \d+(\.\d)? KB gzip/);
  });
});

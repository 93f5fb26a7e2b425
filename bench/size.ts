import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { initialChunks, landingInitialJs, LANDING_SCREEN_SOURCE } from '../scripts/bundle-size';
import { ROOT } from '../scripts/server-process';
import { screens } from '../src/routes/screens';
import { report, say } from './figures';

/** Issue 17's budgets, gzip (level 9, as scripts/bundle-size.ts measures), 1 KB = 1024 bytes. */
export const SIZE_GOALS = { landingKb: 110, routeKb: 160 } as const;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * Each screen's first visit: the entry, the screen's own chunk and everything they import
 * statically (initialChunks), gzip-summed. Screens sharing a module are counted once.
 */
export function routeInitialSizes(distDir: string): Array<{ screen: string; module: string; gzipBytes: number; files: number }> {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Parameters<typeof initialChunks>[0];
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let bytes = gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
      gzipped.set(file, bytes);
    }
    return bytes;
  };
  const byModule = new Map<string, string[]>();
  for (const screen of screens) byModule.set(screen.module, [...(byModule.get(screen.module) ?? []), screen.name]);
  return [...byModule].map(([module, names]) => {
    const files = initialChunks(manifest, `src/screens/${module}.tsx`);
    return { screen: names.join(', '), module, gzipBytes: files.reduce((sum, file) => sum + sizeOf(file), 0), files: files.length };
  });
}

export function sizeSection(): void {
  const dist = join(ROOT, 'dist');
  const landing = landingInitialJs(dist);
  report({
    section: 'size',
    name: 'landing route initial JS',
    value: `${landing.totalKb} KB gzip`,
    goal: `≤ ${SIZE_GOALS.landingKb} KB`,
    met: landing.totalKb <= SIZE_GOALS.landingKb,
    note: `${landing.files.length} files (${LANDING_SCREEN_SOURCE} and the entry with their static imports)`,
  });
  const routes = routeInitialSizes(dist).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const over = routes.filter((route) => kb(route.gzipBytes) > SIZE_GOALS.routeKb);
  const worst = routes[0]!;
  report({
    section: 'size',
    name: 'worst route initial + own chunk JS',
    value: `${kb(worst.gzipBytes)} KB gzip (${worst.screen})`,
    goal: `every route ≤ ${SIZE_GOALS.routeKb} KB`,
    met: over.length === 0,
    note: `${routes.length} screen modules, ${over.length} over budget`,
  });
  for (const route of routes.slice(0, Math.max(5, over.length))) {
    say(`${kb(route.gzipBytes)} KB gzip, ${route.files} files: ${route.screen} (src/screens/${route.module}.tsx)`);
  }
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const LANDING_BUDGET_KB = 150;
export const LANDING_SCREEN_SOURCE = 'src/screens/landing/landing-screen.tsx';

/** The JS files a first visit to the landing route loads: the entry, the landing screen, and their static imports. */
export function initialChunks(manifest: Manifest, screenSource: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the build manifest, found ${entries.length}`);
  visit(entries[0]![0]);
  visit(screenSource);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

export interface SizeReport {
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipBytes: number;
  totalKb: number;
}

export function landingInitialJs(distDir: string): SizeReport {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = initialChunks(manifest, LANDING_SCREEN_SOURCE).map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length,
  }));
  const totalGzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return { files, totalGzipBytes, totalKb: Math.round((totalGzipBytes / 1024) * 10) / 10 };
}

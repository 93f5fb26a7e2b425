import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startServer } from '../scripts/server-process';
import { printSummary, say, settings } from './figures';
import { latencySection } from './latency';
import { lighthouseSection } from './lighthouse';
import { logLevelSection, memorySection } from './memory';
import { purchaseSection } from './purchase';
import { sizeSection } from './size';
import { throughputSection } from './throughput';

/**
 * `npm run bench`: issue 17's figures, each printed beside its goal, then a summary. A missed goal
 * is reported (exit 0); an error — a failed request under load, a page that did not show, a
 * server that did not start or stop cleanly — fails its section and the run (exit 1).
 *
 * BENCH_ONLY=size,purchase,lighthouse,throughput,latency,memory,config picks sections (all by
 * default). BENCH_SECONDS (throughput run, default 5), BENCH_ROUNDS (ABBA rounds, default 3),
 * BENCH_LATENCY_SECONDS (fixed-rate run, default max(10, 2 × BENCH_SECONDS)), BENCH_RATE
 * (signed-in reads per second, default 50), BENCH_IDLE_SECONDS (before reading RSS, default 5),
 * BENCH_DATABASES=pglite,postgres (latency), BENCH_POSTGRES_URL (the server to create a database on).
 * Sections that need the app run against a server of their own with a fresh data directory, the
 * compiled server `npm start` runs (not the TypeScript through tsx that the tests use).
 */
const SECTIONS = ['size', 'config', 'memory', 'purchase', 'lighthouse', 'throughput', 'latency'] as const;
type Section = (typeof SECTIONS)[number];

function chosenSections(): Section[] {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!only || only.length === 0) return [...SECTIONS];
  const unknown = only.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY: unknown section ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`);
  return SECTIONS.filter((name) => only.includes(name));
}

function databases(): ('pglite' | 'postgres')[] {
  const list = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim());
  const bad = list.filter((name) => name !== 'pglite' && name !== 'postgres');
  if (bad.length > 0) throw new Error(`BENCH_DATABASES: unknown ${bad.join(', ')} (pglite, postgres)`);
  return list as ('pglite' | 'postgres')[];
}

async function withApp(run: (url: string) => Promise<void>): Promise<void> {
  // The compiled server, as `npm start` runs it (rebuilt when older than the sources).
  const app = await startServer({ compiled: true });
  try {
    await run(app.url);
  } finally {
    await app.stop();
  }
}

async function ensureBuild(): Promise<void> {
  if (existsSync(join(ROOT, 'dist/.vite/manifest.json'))) return;
  console.log('No production build yet: building…');
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    }).once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited ${code}`)))),
  );
}

const runners: Record<Section, () => Promise<void> | void> = {
  size: sizeSection,
  config: logLevelSection,
  memory: memorySection,
  purchase: () => withApp(purchaseSection),
  lighthouse: () => withApp(lighthouseSection),
  throughput: () => withApp(throughputSection),
  latency: () => latencySection(databases()),
};

async function main(): Promise<number> {
  const sections = chosenSections();
  const dbs = sections.includes('latency') ? databases() : [];
  await ensureBuild();
  say(
    `sections: ${sections.join(', ')}; ${settings.seconds} s throughput runs × ${settings.rounds} ABBA rounds; ` +
      `fixed-rate runs ${settings.latencySeconds} s at ${settings.rate} reads/s${dbs.length ? ` on ${dbs.join(', ')}` : ''}`,
  );
  const failed: string[] = [];
  for (const section of sections) {
    console.log(`\n== ${section}`);
    try {
      await runners[section]();
    } catch (error) {
      failed.push(section);
      console.error(`${section} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
  printSummary(failed);
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { landingInitialJs, LANDING_BUDGET_KB } from '../scripts/bundle-size';
import { freePort, ROOT, startServer, terminate, waitUntilReady } from '../scripts/server-process';

/**
 * `npm run bench`: sizes and throughput, measured side by side on this machine. Throughput is
 * only meaningful as a ratio to the bare route run in the same way at the same time.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;

function run(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function throughput(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  if (!existsSync(join(ROOT, 'dist/.vite/manifest.json'))) {
    console.log('No production build yet: building…');
    await new Promise<void>((resolve, reject) =>
      run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {}).once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`vite build exited ${code}`)),
      ),
    );
  }
  const size = landingInitialJs(join(ROOT, 'dist'));
  console.log(`landing route initial JavaScript: ${size.totalKb} KB gzip (budget ${LANDING_BUDGET_KB} KB, ${size.files.length} files)`);

  const app = await startServer();
  let bare: ChildProcess | undefined;
  try {
    const routeUrl = `${app.url}/api/weborder/auth/specialitylist`;
    // The baseline answers the same bytes, so the ratio measures what the real route adds.
    const body = await (await fetch(routeUrl)).text();
    const barePort = await freePort();
    bare = run(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], { PORT: String(barePort), BARE_BODY: body });
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    await waitUntilReady(bareUrl, bare, () => 'bare server');

    // Warm both up, then alternate so drift on a shared machine hits both alike.
    await autocannon({ url: routeUrl, connections: CONNECTIONS, duration: 1 });
    await autocannon({ url: bareUrl, connections: CONNECTIONS, duration: 1 });
    const routeRates: number[] = [];
    const bareRates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      routeRates.push(await throughput(routeUrl));
      bareRates.push(await throughput(bareUrl));
    }
    const routeRate = median(routeRates);
    const bareRate = median(bareRates);
    console.log(`GET auth/specialitylist: ${Math.round(routeRate)} req/s (median of ${ROUNDS} × ${DURATION}s, ${CONNECTIONS} connections)`);
    console.log(`bare Fastify route, same body: ${Math.round(bareRate)} req/s`);
    console.log(`ratio specialitylist / bare: ${(routeRate / bareRate).toFixed(3)}`);
  } finally {
    await Promise.allSettled([app.stop(), ...(bare ? [terminate(bare)] : [])]);
  }
}

await main();

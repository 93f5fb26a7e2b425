import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { landingInitialJs, LANDING_BUDGET_KB } from '../scripts/bundle-size';
import { freePort, ROOT, startServer, terminate, waitUntilReady } from '../scripts/server-process';
import { chromiumPath, launchChromium } from '../tests/e2e/support/chromium';
import { optionChangePaint, PURCHASE_GOALS, scriptedPurchase } from './purchase';

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

interface Target {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
}

function load(target: Target, duration: number) {
  return autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    ...(target.body ? { body: target.body, headers: { 'content-type': 'application/json' } } : {}),
    connections: CONNECTIONS,
    duration,
  });
}

async function throughput(target: Target): Promise<number> {
  const result = await load(target, DURATION);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** A quote for the first demo speciality in Texas, answered as a careful applicant would. */
async function calculateBody(baseUrl: string): Promise<string> {
  const list = (await (await fetch(`${baseUrl}/api/weborder/auth/specialitylist`)).json()) as Array<{ id: number; name: string }>;
  const dentists = list.find((speciality) => speciality.name === 'Dentists');
  if (!dentists) throw new Error('The demo speciality Dentists is missing: run the bench on the demo data.');
  return JSON.stringify({
    specialityId: dentists.id,
    state: 'TX',
    zipcode: '77002',
    limitCode: '1M/3M',
    deductibleCode: '1000',
    answers: { dnt_licence_action: 'no', dnt_sedation: 'no', dnt_implants: 'yes', dnt_practice_type: 'general' },
    applicationAnswers: { years_in_practice: 12, annual_revenue: 850_000, staff_count: 4, prior_claims: 'no', prior_coverage: 'yes', prior_acts_date: '2015-06-01' },
  });
}

/** Issue 16: the scripted purchase, and an option change's new price painted on a throttled phone. */
async function purchaseFigures(baseUrl: string): Promise<void> {
  if (!chromiumPath) {
    console.log('purchase: not measured (no Chromium at /usr/bin/chromium)');
    return;
  }
  const browser = await launchChromium();
  try {
    const walk = await scriptedPurchase(browser, baseUrl);
    console.log(
      `purchase, landing to receipt: ${walk.distinctScreens} distinct screens in ${walk.screenVisits} visits (goal ≤ ${PURCHASE_GOALS.screens}, none twice; ` +
        `before issue 16: 11 screens in 17 visits), ${walk.fieldsTyped} fields typed, ${walk.documentLoads} full page loads, ${walk.seconds.toFixed(1)} s scripted`,
    );
    const { paintMs, confirmedMs } = await optionChangePaint(browser, baseUrl);
    const worst = (values: number[]) => Math.max(...values);
    console.log(
      `option change → new price painted, 4× CPU throttling, ${paintMs.length} changes: worst ${worst(paintMs).toFixed(0)} ms, median ${median(paintMs).toFixed(0)} ms (goal: worst ≤ ${PURCHASE_GOALS.optionPaintMs} ms)`,
    );
    console.log(
      `same changes → server's worksheet on screen (the background confirmation, side by side): worst ${worst(confirmedMs).toFixed(0)} ms, median ${median(confirmedMs).toFixed(0)} ms; ratio painted / confirmed (median) ${(median(paintMs) / median(confirmedMs)).toFixed(2)}`,
    );
  } finally {
    await browser.close();
  }
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
    await purchaseFigures(app.url);
    const routes: Record<string, Target> = {
      specialitylist: { url: `${app.url}/api/weborder/auth/specialitylist` },
      calculate: { url: `${app.url}/api/weborder/auth/calculate`, method: 'POST', body: await calculateBody(app.url) },
    };
    // Each baseline answers the same bytes as its route, so the ratio measures what the route adds.
    const bodies: Record<string, string> = {};
    for (const [name, target] of Object.entries(routes)) {
      const response = await fetch(target.url, {
        method: target.method ?? 'GET',
        ...(target.body ? { body: target.body, headers: { 'content-type': 'application/json' } } : {}),
      });
      if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      bodies[name] = await response.text();
    }
    const barePort = await freePort();
    bare = run(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], { PORT: String(barePort), BARE_BODIES: JSON.stringify(bodies) });
    const bareOf = (name: string, target: Target): Target => ({ ...target, url: `http://127.0.0.1:${barePort}/bare/${name}` });
    await waitUntilReady(bareOf('specialitylist', routes.specialitylist!).url, bare, () => 'bare server');

    for (const [name, target] of Object.entries(routes)) {
      const baseline = bareOf(name, target);
      // Warm both up, then alternate so drift on a shared machine hits both alike.
      await load(target, 1);
      await load(baseline, 1);
      const routeRates: number[] = [];
      const bareRates: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        routeRates.push(await throughput(target));
        bareRates.push(await throughput(baseline));
      }
      const routeRate = median(routeRates);
      const bareRate = median(bareRates);
      const label = `${target.method ?? 'GET'} auth/${name}`;
      console.log(`${label}: ${Math.round(routeRate)} req/s (median of ${ROUNDS} × ${DURATION}s, ${CONNECTIONS} connections)`);
      console.log(`bare Fastify route, same body: ${Math.round(bareRate)} req/s`);
      console.log(`ratio ${name} / bare: ${(routeRate / bareRate).toFixed(3)}`);
    }
  } finally {
    await Promise.allSettled([app.stop(), ...(bare ? [terminate(bare)] : [])]);
  }
}

await main();

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  LANDING_BUDGET_KB,
  LANDING_GOAL_KB,
  landingInitialJs,
  ROUTE_BUDGET_KB,
  routeInitialJs,
  screenSources,
} from './bundle-size';

// A build directory may be named (tests do, with a list of screens as JSON); the default is the production build.
const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const sources = process.argv[3] ? (JSON.parse(process.argv[3]) as ReturnType<typeof screenSources>) : screenSources();
if (!existsSync(`${dist}/.vite/manifest.json`)) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}
let failed = false;

const landing = landingInitialJs(dist);
for (const { file, gzipBytes } of landing.files)
  console.log(`  ${(gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(
  `landing route initial JavaScript: ${landing.totalKb} KB gzip (budget ${LANDING_BUDGET_KB} KB, goal ${LANDING_GOAL_KB} KB)`,
);
if (landing.totalKb > LANDING_BUDGET_KB) {
  console.error(
    `Over budget by ${(landing.totalKb - LANDING_BUDGET_KB).toFixed(1)} KB: the landing route must stay under ${LANDING_BUDGET_KB} KB gzip.`,
  );
  failed = true;
}

const routes = routeInitialJs(dist, sources);
const over = routes.filter((route) => route.totalKb > ROUTE_BUDGET_KB);
const largest = routes[0];
if (largest)
  console.log(
    `largest route initial JavaScript: ${largest.name} ${largest.totalKb} KB gzip (budget ${ROUTE_BUDGET_KB} KB for every route, ${routes.length} routes)`,
  );
for (const route of over) {
  console.error(
    `Over budget: route ${route.name} loads ${route.totalKb} KB gzip on a first visit (budget ${ROUTE_BUDGET_KB} KB).`,
  );
  failed = true;
}
if (failed) process.exit(1);

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANDING_BUDGET_KB, landingInitialJs } from './bundle-size';

// A build directory may be named (tests do); the default is the production build.
const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
if (!existsSync(`${dist}/.vite/manifest.json`)) {
  console.error('No production build: run `npm run build` first.');
  process.exit(1);
}
const report = landingInitialJs(dist);
for (const { file, gzipBytes } of report.files) console.log(`  ${(gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(`landing route initial JavaScript: ${report.totalKb} KB gzip (budget ${LANDING_BUDGET_KB} KB)`);
if (report.totalKb > LANDING_BUDGET_KB) {
  console.error(`Over budget by ${(report.totalKb - LANDING_BUDGET_KB).toFixed(1)} KB: the landing route must stay under ${LANDING_BUDGET_KB} KB gzip.`);
  process.exit(1);
}

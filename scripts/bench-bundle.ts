/**
 * Bundle benchmark (issue #15): the JavaScript a visitor downloads, gzipped, from the last build's
 * manifest. Prints the landing page's first load, what each route adds on top of it (in total and
 * its largest chunk), what each lazily loaded part adds on top of its route, and the largest file;
 * marks anything over its budget (scripts/bundle-size.ts: landing ≤ 120 kB, each chunk a route
 * loads ≤ 80 kB, no file over Vite's 500 kB warning).
 *
 *   npm run bench:bundle             (builds first)
 *   npx tsx scripts/bench-bundle.ts  (measures the existing dist/)
 *
 * Exit code 1 when a budget is exceeded or the route table is out of date.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  LANDING_BUDGET_BYTES,
  ROUTE_CHUNK_BUDGET_BYTES,
  VITE_WARNING_BYTES,
  bundleReport,
  kB,
  unlistedDynamicEntries,
  type Load,
  type Manifest,
} from './bundle-size.ts';

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const { unlisted, missing } = unlistedDynamicEntries(manifest);
if (missing.length) {
  console.error(`scripts/bundle-size.ts lists modules the build does not load lazily: ${missing.join(', ')}`);
  process.exit(1);
}
const report = bundleReport(manifest, (file) => readFileSync(join(dist, file)));

let over = false;
const flag = (bytes: number, budget: number) => {
  if (bytes <= budget) return '';
  over = true;
  return `  OVER ${kB(budget)}`;
};
const largest = (load: Load) =>
  load.files.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a), {
    file: '-',
    gzipBytes: 0,
    rawBytes: 0,
  });
const row = (label: string, load: Load) => {
  const big = largest(load);
  return `${label.padEnd(58)} ${kB(load.gzipBytes).padStart(9)} in ${String(load.files.length).padStart(2)} files, largest ${kB(big.gzipBytes).padStart(8)}`;
};

console.log('JavaScript per page, gzipped (level 9, as served); 1 kB = 1024 bytes\n');
console.log(
  `${'landing page / (first load)'.padEnd(58)} ${kB(report.landing.gzipBytes).padStart(9)}${flag(report.landing.gzipBytes, LANDING_BUDGET_BYTES)}`,
);
console.log('\nEach route, on top of the first load (shared libraries counted where first needed):');
for (const { route, added } of report.routes) {
  console.log(row(`  ${route}`, added) + flag(largest(added).gzipBytes, ROUTE_CHUNK_BUDGET_BYTES));
}
console.log('\nLoaded only when used, on top of their route:');
for (const { label, route, added } of report.parts) {
  console.log(row(`  ${route}: ${label}`, added) + flag(largest(added).gzipBytes, ROUTE_CHUNK_BUDGET_BYTES));
}
console.log(
  `\nLargest file: ${report.largestFile.file} (${kB(report.largestFile.rawBytes)} before compression)${flag(report.largestFile.rawBytes, VITE_WARNING_BYTES)}`,
);
if (unlisted.length) {
  console.log(`\nLazily loaded but not listed in scripts/bundle-size.ts: ${unlisted.join(', ')}`);
  over = true;
}
process.exitCode = over ? 1 : 0;

/**
 * `npm run build:check` (after `vite build`): the initial JavaScript of each route of the production build, from
 * Vite's manifest, and the budgets of docs/benchmarks.md. A route's initial JavaScript is the entry chunk with
 * every chunk it imports statically, plus the route's lazily loaded page chunk with its static imports: what the
 * browser must fetch before the page can render. Sizes are gzip -9 (and brotli, what the server actually sends).
 *
 * Fails (exit 1) when / or /book is over 170 KB gzip, or when the admin or supplier dashboard's code is part of
 * the entry instead of loading only when visited. `--docs` also writes the table into docs/benchmarks.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { PROJECT_ROOT } from '../src/server/config';
import { table, textTable, writeSection } from './bench/report';

type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const KB = 1024;
const BUDGET_KB = 170;

type Route = { path: string; page: string; budgetKb?: number; onlyWhenVisited?: boolean };

const page = (dir: string, file: string) => `src/client/pages/${dir}/${file}.tsx`;
const ROUTES: Route[] = [
  { path: '/', page: page('landing', 'landing-page'), budgetKb: BUDGET_KB },
  { path: '/book', page: page('book', 'book-page'), budgetKb: BUDGET_KB },
  // The sign-in page is in the entry; its form is what loads before it can be used.
  { path: '/login', page: page('login', 'sign-in-form') },
  { path: '/vendor-register', page: page('vendor-register', 'vendor-register-page') },
  { path: '/bookings', page: page('bookings', 'bookings-page') },
  { path: '/admin', page: page('admin', 'admin-dashboard-page'), onlyWhenVisited: true },
  { path: '/supplier', page: page('supplier', 'supplier-dashboard-page'), onlyWhenVisited: true },
];

const distDir = resolve(PROJECT_ROOT, process.argv.find((a) => a.startsWith('--dist='))?.slice(7) ?? 'dist/client');
const manifestFile = join(distDir, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`No ${manifestFile}: run \`vite build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;

const sizes = new Map<string, { gzip: number; brotli: number }>();
function sizeOf(file: string) {
  let size = sizes.get(file);
  if (!size) {
    const data = readFileSync(join(distDir, file));
    size = { gzip: gzipSync(data, { level: 9 }).length, brotli: brotliCompressSync(data).length };
    sizes.set(file, size);
  }
  return size;
}

/** The chunk and every chunk it imports statically (not its dynamic imports). */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(dep, into);
  return into;
}

function jsTotal(keys: Iterable<string>) {
  let gzip = 0;
  let brotli = 0;
  for (const key of keys) {
    const size = sizeOf(manifest[key]!.file);
    gzip += size.gzip;
    brotli += size.brotli;
  }
  return { gzip, brotli };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entryKey) throw new Error('the manifest has no entry chunk');
const entry = staticClosure(entryKey);
const entrySize = jsTotal(entry);

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const rows: (string | number)[][] = [];
const failures: string[] = [];

for (const route of ROUTES) {
  // A page imported statically is part of the entry chunk and has no manifest key of its own.
  const inEntry = entry.has(route.page) || (!manifest[route.page] && existsSync(join(PROJECT_ROOT, route.page)));
  if (!manifest[route.page] && !inEntry) {
    failures.push(`${route.path}: ${route.page} does not exist`);
    continue;
  }
  const own = inEntry ? [] : [...staticClosure(route.page)].filter((key) => !entry.has(key));
  const initial = jsTotal([...entry, ...own]);
  let verdict = '';
  if (route.budgetKb !== undefined) {
    const ok = initial.gzip <= route.budgetKb * KB;
    verdict = `${ok ? 'PASS' : 'FAIL'} (≤ ${route.budgetKb} KB)`;
    if (!ok) failures.push(`${route.path}: ${kb(initial.gzip)} KB gzip is over the ${route.budgetKb} KB budget`);
  }
  if (route.onlyWhenVisited) {
    const ok = !inEntry && manifest[route.page]?.isDynamicEntry === true;
    verdict = ok ? 'PASS (lazy)' : 'FAIL (in the entry)';
    if (!ok) failures.push(`${route.path}: its page is part of the entry bundle; it must load only when visited`);
  }
  rows.push([route.path, inEntry ? 'entry' : `+${own.length} chunk(s)`, kb(initial.gzip), kb(initial.brotli), verdict]);
}

const header = ['Route', 'Page code', 'Initial JS KB (gzip)', 'KB (brotli)', 'Budget'];
console.log(`Entry: ${entry.size} chunk(s), ${kb(entrySize.gzip)} KB gzip, ${kb(entrySize.brotli)} KB brotli\n`);
console.log(textTable(header, rows));
if (process.argv.includes('--docs')) {
  writeSection(
    'bundle',
    `## Client bundle: \`npm run build:check\`

Initial JavaScript per route of the production build (the entry chunk and its static imports, plus the route's lazy
page chunk and its static imports), gzip -9 and brotli; the server sends the brotli copies the build writes. The
entry alone: ${entry.size} chunks, ${kb(entrySize.gzip)} KB gzip.

${table(header, rows)}`,
  );
}
if (failures.length > 0) {
  console.error(`\nBundle budget exceeded:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nAll bundle budgets met.');

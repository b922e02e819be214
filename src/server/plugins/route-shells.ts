import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The routes whose page is loaded lazily (src/client/app.tsx), by the page's module in Vite's manifest. */
const ROUTE_PAGES: { path: RegExp; page: string }[] = [
  { path: /^\/book\/?$/, page: 'src/client/pages/book/book-page.tsx' },
  { path: /^\/login\/?$/, page: 'src/client/pages/login/login-page.tsx' },
  { path: /^\/vendor-register\/?$/, page: 'src/client/pages/vendor-register/vendor-register-page.tsx' },
  { path: /^\/payment\/success\/?$/, page: 'src/client/pages/payment-success/payment-success-page.tsx' },
  { path: /^\/admin\/?$/, page: 'src/client/pages/admin/admin-dashboard-page.tsx' },
  { path: /^\/supplier\/?$/, page: 'src/client/pages/supplier/supplier-dashboard-page.tsx' },
  { path: /^\/terms\/?$/, page: 'src/client/pages/terms/terms-page.tsx' },
  { path: /^\/refund-policy\/?$/, page: 'src/client/pages/refund-policy/refund-policy-page.tsx' },
  { path: /^\/privacy-policy\/?$/, page: 'src/client/pages/privacy-policy/privacy-policy-page.tsx' },
  { path: /^\/bookings(\/[^/]+)?\/?$/, page: 'src/client/pages/bookings/bookings-page.tsx' },
];

/** One route's page shell, ready to send in each encoding. */
export type RouteShell = { identity: Buffer; br: Buffer; gzip: Buffer; etag: string; preloads: string[] };

/**
 * The app shell (index.html) for each lazily loaded route, with `<link rel="modulepreload">` for that route's
 * page chunk and the chunks it imports (issue 7). Without them the browser learns of the page's code only once the
 * entry has downloaded and run, one more round trip on a slow phone before anything of the page can paint; with
 * them it fetches both at once. Built once at start-up from the build's manifest; null without one (the tests'
 * stand-in build), when every page gets index.html as it is.
 */
export function buildRouteShells(distDir: string): ((path: string) => RouteShell | undefined) | null {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(manifestFile) || !existsSync(indexFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const index = readFileSync(indexFile, 'utf8');
  if (!index.includes('</head>')) return null;

  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, into);
    return into;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) return null;
  // The entry's chunks are in index.html already.
  const inEntry = closure(entryKey);

  const shells = new Map<string, RouteShell>();
  for (const { page } of ROUTE_PAGES) {
    if (!manifest[page] || inEntry.has(page)) continue;
    const files = [...closure(page)].filter((key) => !inEntry.has(key)).map((key) => `/${manifest[key]!.file}`);
    const links = files.map((file) => `    <link rel="modulepreload" crossorigin href="${file}">\n`).join('');
    const html = Buffer.from(index.replace('</head>', `${links}  </head>`));
    shells.set(page, {
      identity: html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      preloads: files,
    });
  }
  return (path) => {
    const route = ROUTE_PAGES.find((candidate) => candidate.path.test(path));
    return route && shells.get(route.page);
  };
}

/**
 * The last step of `npm run build`: renders each public page (src/shared/public-pages.ts) to HTML with React's
 * static rendering, as a signed-out visitor's first render draws it, and writes it into the built shell's root
 * under dist/client/prerendered/, which the server sends in place of the empty shell with the page's own head
 * tags (src/server/plugins/client.ts). The browser hydrates it (src/client/main.tsx). docs/decisions.md,
 * "Pre-rendered public pages".
 *
 * The render code is built for Node by Vite into a directory of its own, used and removed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { THEME_ATTRIBUTE } from '../src/client/lib/theme-css';
import type { RenderedPage } from '../src/client/prerender';
import { PUBLIC_PAGES, prerenderedFile, type PublicPage } from '../src/shared/public-pages';
import { firstPaintCss } from './first-paint-css';

const root = join(import.meta.dirname, '..');
const distDir = process.env.CLIENT_DIST_DIR ?? join(root, 'dist', 'client');

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };

/** The page module each pre-rendered path loads lazily, whose chunk the HTML asks for at once. */
const LAZY_PAGE: Record<string, string> = {
  '/book': 'src/client/pages/book/book-page.tsx',
  '/vendor-register': 'src/client/pages/vendor-register/vendor-register-page.tsx',
  '/login': 'src/client/pages/login/sign-in-form.tsx',
  '/terms': 'src/client/pages/terms/terms-page.tsx',
  '/refund-policy': 'src/client/pages/refund-policy/refund-policy-page.tsx',
  '/privacy-policy': 'src/client/pages/privacy-policy/privacy-policy-page.tsx',
};

/**
 * The chunks a lazily loaded page needs before it can hydrate: its own and what it imports statically, minus
 * what the shell already loads. Named in the head as module preloads, they load beside the entry instead of after
 * it.
 */
function pagePreloads(page: PublicPage, manifest: Record<string, ManifestChunk>, shell: string): string[] {
  const entry = LAZY_PAGE[page.path];
  if (!entry || !manifest[entry]) return [];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(entry);
  return [...files].filter((file) => !shell.includes(`/${file}"`));
}

/** The element after the page's markup, which the first paint waits for. */
const PAGE_END = 'page-end';

/** Writes a built file with the brotli and gzip copies the server sends (vite.config.ts writes them for the rest). */
function writeBuilt(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
}

/**
 * The theme's global CSS as a stylesheet of the build, named by its content like the other assets, so a browser
 * keeps it across pages and deploys that do not change it. Returns its address.
 */
function writeThemeStylesheet(themeCss: string): string {
  const file = `assets/theme-${createHash('sha256').update(themeCss).digest('hex').slice(0, 10)}.css`;
  writeBuilt(join(distDir, file), themeCss);
  return `/${file}`;
}

/**
 * The shell with the page's markup in its root, its styles in the head and its chunks preloaded. Of the theme's
 * global CSS the head carries what the first paint can use, naming the stylesheet with the whole of it, which the
 * page's code adds as it starts (src/client/lib/theme-css.ts; docs/decisions.md, "The theme's CSS for the first
 * paint").
 */
function pageHtml(shell: string, page: RenderedPage, preloads: string[], themeHref: string): string {
  const links = preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  // The browser paints nothing until the whole page has been read: a half-read page painted early (a slow phone
  // reading the large head) showed the sign-in card without its form, then moved it as the rest arrived.
  const holdPaint = `<link rel="expect" href="#${PAGE_END}" blocking="render">`;
  const withRoot = shell.replace(
    '<div id="root"></div>',
    () => `<div id="root">${page.markup}</div>\n    <div id="${PAGE_END}" hidden></div>`,
  );
  if (withRoot === shell) throw new Error('The built shell has no empty <div id="root"></div>');
  const head = (theme: string) =>
    withRoot.replace('</head>', () => `  ${[holdPaint, ...links, theme, page.classStyles].join('\n    ')}\n  </head>`);
  const themeStyle = (css: string) => `<style ${THEME_ATTRIBUTE}="${themeHref}">${css}</style>`;
  return head(themeStyle(firstPaintCss(page.themeCss, head(''))));
}

async function main(): Promise<void> {
  const shell = readFileSync(join(distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const outDir = mkdtempSync(join(root, 'dist', '.prerender-'));
  try {
    await build({
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
      build: {
        ssr: 'src/client/prerender.tsx',
        outDir,
        emptyOutDir: true,
        manifest: false,
        sourcemap: false,
        copyPublicDir: false,
      },
    });
    const { renderPage } = (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as {
      renderPage: (path: string) => Promise<RenderedPage>;
    };
    for (const page of PUBLIC_PAGES) {
      const rendered = await renderPage(page.path);
      const themeHref = writeThemeStylesheet(rendered.themeCss);
      const html = pageHtml(shell, rendered, pagePreloads(page, manifest, shell), themeHref);
      writeBuilt(join(distDir, prerenderedFile(page)), html);
      console.log(`pre-rendered ${page.path} (${Math.round(html.length / 1024)} KB)`);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();

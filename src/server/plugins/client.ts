import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiRequest } from '../lib/api-path';

/**
 * A public page at this URL (docs/product.md, "Link previews and search"): its head tags and the file, under the
 * client's build directory, the build pre-rendered it into (docs/decisions.md, "Pre-rendered public pages"); null
 * for a page that keeps the shell's own title and description.
 */
export type PageHead = (url: string) => Promise<{ head: string; file: string } | null>;

/**
 * Serves the built client with a single-page-app fallback: every non-/api GET without a file extension gets
 * index.html; missing assets and unknown /api paths get a JSON 404 (a cached HTML answer for a missing hashed
 * chunk would break the next deploy). A public page gets its pre-rendered HTML (the shell when the build has none)
 * with its own head tags in place of the shell's title and description, so crawlers and link previews that never
 * run scripts read them, and its content paints before any script runs.
 */
export async function registerClient(app: FastifyInstance, distDir: string, pageHead?: PageHead): Promise<void> {
  const hasClient = existsSync(join(distDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text file (vite.config.ts): sent as they are, no CPU per request.
      preCompressed: true,
      // Cache-Control is set below per kind of file, not by the plugin's max-age default.
      cacheControl: false,
      setHeaders(res, path) {
        // Hashed bundles never change; the shell must be revalidated so a deploy is picked up at once.
        const cacheControl = path.endsWith('index.html')
          ? 'no-cache'
          : /[\\/]assets[\\/]/.test(path)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600';
        res.setHeader('cache-control', cacheControl);
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const api = isApiRequest(request);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !api && !/\.[a-z0-9]{1,8}$/i.test(path);
    if (wantsPage && hasClient) {
      const query = request.url.slice(path.length);
      // A public page asked for with a trailing slash has one address, its own (docs/decisions.md, "Link previews
      // and search").
      if (pageHead && path.length > 1 && path.endsWith('/') && (await pageHead(path.replace(/\/+$/, ''))) !== null) {
        return reply
          .code(301)
          .header('location', `${path.replace(/\/+$/, '')}${query}`)
          .send();
      }
      const page = pageHead ? await pageHead(request.url) : null;
      // Any other address is the app's shell: signed-in pages and addresses the app answers "Page not found" to,
      // none of which a search engine should list.
      if (page === null) {
        return reply.type('text/html; charset=utf-8').header('x-robots-tag', 'noindex').sendFile('index.html');
      }
      // Read on every request: a rebuilt client is served at once, as the file itself would be.
      const shell = await readFile(join(distDir, page.file), 'utf8').catch(() =>
        readFile(join(distDir, 'index.html'), 'utf8'),
      );
      const html = withHead(shell, page.head);
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(await compressed(html, encoding));
    }
    // A public page's form sent by the browser itself, before the page's code had started: the forms say
    // `method="post"`, so nothing typed (a password) lands in an address, and nothing in the body is read. The
    // visitor goes back to the page, whose form is live by then (docs/decisions.md, "Pre-rendered public pages").
    if (request.method === 'POST' && hasClient && pageHead && !api) {
      const query = request.url.slice(path.length);
      if ((await pageHead(request.url)) !== null) return reply.code(303).header('location', `${path}${query}`).send();
    }
    if (wantsPage) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The client has not been built yet. Run `npm start` (it builds it) or `npm run build`.');
    }
    return reply.code(404).send({ detail: 'Not found' });
  });
}

/** The shell with its `<title>` replaced by the page's head tags and its generic description left out. */
export function withHead(shell: string, head: string): string {
  return shell
    .replace(/[ \t]*<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => head);
}

/** The encoding a page is sent in, as the built files are (brotli first, then gzip), or none. */
function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = String(header ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name!.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page's head changes only with the brand or the published reviews: each compressed form is kept, a few at most. */
const compressedPages = new Map<string, Promise<Buffer>>();
const COMPRESSED_PAGES_KEPT = 32;

/**
 * A page compressed as tightly as the build compresses its files (brotli at its highest quality), once for each
 * text and off the event loop; requests that arrive meanwhile wait for the same result. Against brotli's quality 9
 * the pages are 1.2–1.8 KB smaller, and more of them arrive whole in a new connection's first round trip
 * (docs/decisions.md, "Smaller public pages").
 */
function compressed(html: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const key = `${encoding}:${html}`;
  let body = compressedPages.get(key);
  if (!body) {
    body =
      encoding === 'br'
        ? brotliAsync(html, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
            },
          })
        : gzipAsync(html, { level: 9 });
    if (compressedPages.size >= COMPRESSED_PAGES_KEPT) compressedPages.clear();
    compressedPages.set(key, body);
    body.catch(() => compressedPages.delete(key));
  }
  return body;
}

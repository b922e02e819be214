import './lib/zod-jitless';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './app';
import { createQueryClient } from './lib/query-client';
import { createStyleCache } from './lib/style-cache';
import { createTrpcClient } from './lib/trpc';
import { AppProviders } from './providers';

/**
 * A page's markup and its styles: the theme's global CSS (Chakra's reset, global styles and tokens, the same on every
 * page) and a `<style>` element with the classes the page uses.
 */
export type RenderedPage = { markup: string; themeCss: string; classStyles: string };

/**
 * The markup of one public page as a signed-out visitor's first render shows it, for scripts/prerender.ts
 * (docs/decisions.md, "Pre-rendered public pages"). React waits for every lazily loaded page before it answers, so
 * the page is complete. Nothing is fetched: queries render their loading state, as the browser's first render does.
 *
 * Chakra's styles (emotion) are collected instead of written beside each element, for the document's head, so the
 * browser inserts none of them again and nothing in the page moves when its code starts. The cache is the browser's
 * own (src/client/lib/style-cache.ts).
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const cache = createStyleCache();
  // Emotion's own switch for collecting the styles rather than rendering them inline.
  cache.compat = true;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders queryClient={createQueryClient()} trpcClient={createTrpcClient()} ssrPath={path}>
          <App />
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
    {
      // Every part inline, where it belongs: a large part is otherwise sent after the rest with an inline script to
      // move it into place, which the CSP refuses (docs/security.md, "Headers").
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part that fails here would be left for the browser to draw (with an inline script the CSP refuses).
      onError(error) {
        errors.push(error);
      },
    },
  );
  if (errors.length > 0) {
    throw new AggregateError(errors, `${path} could not be rendered: ${errors.map(String).join('; ')}`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return { markup: Buffer.concat(chunks).toString('utf8'), ...collectedStyles(cache) };
}

/**
 * The collected styles: the global sheets' CSS in the order inserted (the browser gets the theme from the build,
 * never from its own <Global>: src/client/providers.tsx), and every class in one element as emotion's browser cache
 * hydrates it (`data-emotion="css ID ID …"`, whose ids the cache marks as already inserted).
 */
function collectedStyles(cache: EmotionCache): Omit<RenderedPage, 'markup'> {
  let themeCss = '';
  const ids: string[] = [];
  let rules = '';
  for (const [id, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      themeCss += css;
    } else {
      ids.push(id);
      rules += css;
    }
  }
  return { themeCss, classStyles: `<style data-emotion="${cache.key} ${ids.join(' ')}">${rules}</style>` };
}

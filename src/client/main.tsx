import './lib/zod-jitless';
import { CacheProvider } from '@emotion/react';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadPageCode } from './app';
import { beginHydration } from './lib/hydration';
import { createQueryClient } from './lib/query-client';
import { createStyleCache } from './lib/style-cache';
import { completeThemeCss } from './lib/theme-css';
import { createTrpcClient } from './lib/trpc';
import { keepPressesAcrossReplacement } from './lib/typed-before-hydration';
import { AppProviders } from './providers';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// A public page comes pre-rendered (scripts/prerender.ts): its markup is hydrated. The build rendered it without a
// query string, so the router reads none until hydration is done (docs/decisions.md, "Pre-rendered public pages").
const prerendered = container.firstElementChild !== null;
const app = (
  <StrictMode>
    <CacheProvider value={createStyleCache()}>
      <AppProviders
        queryClient={createQueryClient()}
        trpcClient={createTrpcClient()}
        ssrPath={prerendered ? window.location.pathname : undefined}
        ssrSearch={prerendered ? '' : undefined}
        globalCssInDocument={prerendered}
      >
        <App />
      </AppProviders>
    </CacheProvider>
  </StrictMode>
);

if (prerendered) {
  // The page's lazily loaded code first (preloaded by the HTML), so it hydrates whole, never showing a loader where
  // its content already is; a failed fetch leaves that part to load as it would without pre-rendering. Beside it,
  // the whole of the theme's CSS, of which the head has only what the first paint uses.
  void Promise.all([preloadPageCode(window.location.pathname).catch(() => undefined), completeThemeCss(document)])
    // As a transition, like the first render below: React hydrates in slices and lets the browser take input
    // between them, instead of one long task for the whole page.
    .then(() => {
      beginHydration(container);
      keepPressesAcrossReplacement(document);
      startTransition(() => void hydrateRoot(container, app));
    });
} else {
  // The first render as a transition: React renders in slices and lets the browser paint and take input between
  // them, instead of blocking the main thread for the whole page (Lighthouse's total blocking time halved).
  const root = createRoot(container);
  startTransition(() => {
    root.render(app);
  });
}

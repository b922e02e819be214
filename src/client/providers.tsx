import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Router, type BaseLocationHook, type BaseSearchHook } from 'wouter';
import { AppToaster } from './components/app-toaster';
import { BrandProvider } from './lib/brand';
import { SessionProvider } from './lib/session';
import { trpc, type TrpcClient } from './lib/trpc';
import { system } from './theme';

type AppProvidersProps = {
  children: ReactNode;
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  /** Tests pass wouter's memory location; the browser uses the default history-based one. */
  locationHook?: BaseLocationHook | undefined;
  searchHook?: BaseSearchHook | undefined;
  /**
   * The path a build-time render draws (src/client/prerender.tsx); in the browser, set to the pre-rendered path
   * while the page hydrates, so the first render reads no query string the build did not see.
   */
  ssrPath?: string | undefined;
  ssrSearch?: string | undefined;
  /**
   * The document already carries the theme's global CSS (a pre-rendered page: the part its first paint uses in the
   * head, then the build's stylesheet with the whole of it; src/client/lib/theme-css.ts), so Chakra neither builds
   * nor inserts it again.
   */
  globalCssInDocument?: boolean | undefined;
};

/**
 * The theme without its global CSS, for a document that already has it: `_global` is what `<ChakraProvider>`
 * inserts, and Chakra builds it only when read (vite.config.ts, `chakraGlobalCssOnRead`). Everything else is
 * the theme's own.
 */
const systemWithoutGlobalCss: SystemContext = Object.create(system, { _global: { value: [] } });

/** Everything a page needs around it, in dependency order; tests render pages inside the same tree. */
export function AppProviders({
  children,
  queryClient,
  trpcClient,
  locationHook,
  searchHook,
  ssrPath,
  ssrSearch,
  globalCssInDocument,
}: AppProvidersProps) {
  return (
    <ChakraProvider value={globalCssInDocument ? systemWithoutGlobalCss : system}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <BrandProvider>
            <SessionProvider>
              <Router hook={locationHook} searchHook={searchHook} ssrPath={ssrPath} ssrSearch={ssrSearch}>
                {children}
              </Router>
            </SessionProvider>
          </BrandProvider>
        </QueryClientProvider>
      </trpc.Provider>
      <AppToaster />
    </ChakraProvider>
  );
}

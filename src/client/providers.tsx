import { ChakraProvider } from '@chakra-ui/react';
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
};

/** Everything a page needs around it, in dependency order; tests render pages inside the same tree. */
export function AppProviders({
  children,
  queryClient,
  trpcClient,
  locationHook,
  searchHook,
  ssrPath,
  ssrSearch,
}: AppProvidersProps) {
  return (
    <ChakraProvider value={system}>
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

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, onTestFinished } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../src/client/app';
import { pageViewPath, usePageViewReporting } from '../../src/client/lib/page-views';
import { createTrpcClient, trpc } from '../../src/client/lib/trpc';
import { AppProviders } from '../../src/client/providers';
import { recordedCalls, server, TEST_ORIGIN, TrpcTestError, trpcHandler } from './msw';

/**
 * The app as main.tsx mounts it: StrictMode at the root, which runs every effect twice in development (React 19
 * does that only for a root-level StrictMode, so the shared render helper, which nests it, cannot show it).
 */
function renderStrictApp(path = '/') {
  const location = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <StrictMode>
      <AppProviders
        queryClient={queryClient}
        trpcClient={createTrpcClient(TEST_ORIGIN)}
        locationHook={location.hook}
        searchHook={location.searchHook}
      >
        <App />
      </AppProviders>
    </StrictMode>,
  );
  return { user };
}

function reportedPaths(): unknown[] {
  return recordedCalls('analytics.pageView').map((call) => (call.input as { path: unknown }).path);
}

/** Lets any late request (a second effect run, a retry) reach the server before counting. */
function settle() {
  return new Promise((resolve) => setTimeout(resolve, 150));
}

describe('page views', () => {
  it('reports the first page once, even in StrictMode', async () => {
    renderStrictApp('/');

    await screen.findByRole('heading', { level: 1, name: /Feasts worth celebrating/ });
    await waitFor(() => expect(reportedPaths()).toEqual(['/']));
    await settle();
    expect(reportedPaths()).toEqual(['/']);
  });

  it('reports each route change once, with its query string', async () => {
    const { user } = renderStrictApp('/terms?from=email');

    // Routes other than / are lazy chunks: their first load can take a while under a cold transform.
    await user.click(await screen.findByRole('link', { name: 'Back to Home' }));
    await user.click(within(await screen.findByRole('contentinfo')).getByRole('link', { name: 'Privacy Policy' }));
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });

    await waitFor(() => expect(reportedPaths()).toHaveLength(3));
    await settle();
    expect(reportedPaths()).toEqual(['/terms?from=email', '/', '/privacy-policy']);
  });

  it('stays silent when the report fails', async () => {
    server.use(
      trpcHandler('analytics.pageView', () => {
        throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Analytics store unavailable');
      }),
    );
    renderStrictApp('/terms');

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    await waitFor(() => expect(reportedPaths()).toEqual(['/terms']));
    await settle();
    expect(screen.queryByText('Analytics store unavailable')).not.toBeInTheDocument();
    expect(document.querySelectorAll('[data-toast-id]')).toHaveLength(0);
  });

  it('reports a pre-rendered page opened with a query string once, with its query string', async () => {
    function Reporter() {
      usePageViewReporting();
      return <p>Reporting</p>;
    }
    const queryClient = new QueryClient();
    const trpcClient = createTrpcClient(TEST_ORIGIN);
    // As main.tsx hydrates a page the build rendered: the path of the address, and no query string.
    const tree = (
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Router ssrPath="/book" ssrSearch="">
            <Reporter />
          </Router>
        </QueryClientProvider>
      </trpc.Provider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    window.history.replaceState(null, '', '/book?eventType=wedding');
    onTestFinished(() => window.history.replaceState(null, '', '/'));
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, tree);
    });
    onTestFinished(() => act(() => root!.unmount()));

    await waitFor(() => expect(reportedPaths()).toHaveLength(1));
    await settle();
    expect(reportedPaths()).toEqual(['/book?eventType=wedding']);
  });

  it('cuts an over-long path to what the server accepts', () => {
    expect(pageViewPath('/book', 'eventType=wedding')).toBe('/book?eventType=wedding');
    expect(pageViewPath('/', '')).toBe('/');
    expect(pageViewPath('/book', `ref=${'x'.repeat(300)}`)).toHaveLength(200);
  });
});

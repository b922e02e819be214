import { useEffect, useRef } from 'react';
import { useLocation, useRouter, useSearch } from 'wouter';
import { PAGE_PATH_MAX_LENGTH } from '../../shared/analytics';
import { trpc } from './trpc';

/** The path a page view is recorded under: the route plus its query string, cut to what the server accepts. */
export function pageViewPath(location: string, search: string): string {
  const path = search ? `${location}?${search}` : location;
  return path.slice(0, PAGE_PATH_MAX_LENGTH);
}

/**
 * Reports each route change once to our own server (no third-party tracker). The last
 * reported path is kept in a ref, so React StrictMode's second effect run, or a re-render on the same URL, sends
 * nothing. A failed report is dropped: analytics must never disturb the visitor.
 */
export function usePageViewReporting(): void {
  const [location] = useLocation();
  const search = useSearch();
  const { client } = trpc.useUtils();
  const lastReported = useRef<string | null>(null);
  const path = pageViewPath(location, search);
  // A pre-rendered page hydrates with the build's empty query string and reads the address's right after, so a
  // page opened with a query string is reported once, with it (docs/decisions.md, "Pre-rendered public pages").
  const { ssrSearch } = useRouter();
  const awaitingQuery =
    ssrSearch != null && search === ssrSearch && typeof window !== 'undefined' && window.location.search.length > 1;

  useEffect(() => {
    if (awaitingQuery || lastReported.current === path) return;
    lastReported.current = path;
    client.analytics.pageView.mutate({ path }).catch(() => {
      // Silent by design.
    });
  }, [client, path, awaitingQuery]);
}

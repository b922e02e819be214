import { QueryClient } from '@tanstack/react-query';
import { httpStatusOf } from './errors';

const MAX_RETRIES = 2;

/**
 * A 4xx answer will not change on retry (bad input, no session, no permission), so only network failures and
 * 5xx are retried. Refocusing the window does not refetch: dashboards reload after the actions that change them.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry(failureCount, error) {
          const status = httpStatusOf(error);
          if (status !== undefined && status >= 400 && status < 500) return false;
          return failureCount < MAX_RETRIES;
        },
      },
    },
  });
}

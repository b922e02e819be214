import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/router';
import { FetchEventSource } from './fetch-event-source';
import { readToken } from './token-storage';

/**
 * The one place the app touches @trpc/react-query, so a later move to @trpc/tanstack-react-query changes this
 * layer only (research: ecosystem section 3.0).
 */
export const trpc = createTRPCReact<AppRouter>();

export type TrpcClient = ReturnType<typeof trpc.createClient>;

/** `baseUrl` is empty in the browser (same origin); tests pass an absolute origin so msw can intercept. */
export function createTrpcClient(baseUrl = ''): TrpcClient {
  return trpc.createClient({
    links: [
      splitLink({
        // Live notifications: server-sent events, with the token in a header (lib/fetch-event-source.ts).
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({
          url: `${baseUrl}/api/trpc`,
          EventSource: FetchEventSource as unknown as typeof EventSource,
        }),
        false: httpBatchLink({
          url: `${baseUrl}/api/trpc`,
          // Long batched GETs split into several requests instead of hitting old proxies' URL limits.
          maxURLLength: 2083,
          maxItems: 10,
          headers() {
            const token = readToken();
            return token ? { authorization: `Bearer ${token}` } : {};
          },
        }),
      }),
    ],
  });
}

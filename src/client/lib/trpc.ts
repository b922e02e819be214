import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/router';
import { FetchEventSource } from './fetch-event-source';
import { readToken } from './token-storage';
import { SESSION_BINDING_HEADER, SESSION_BINDING_VALUE } from '../../shared/session-binding';

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
          // Every call asks for a browser-bound token; only sign-in, registration, the second step, owner set-up and
          // a password change issue one (docs/decisions.md, "Sessions and the browser binding").
          headers() {
            const token = readToken();
            const binding = { [SESSION_BINDING_HEADER]: SESSION_BINDING_VALUE };
            return token ? { ...binding, authorization: `Bearer ${token}` } : binding;
          },
        }),
      }),
    ],
  });
}

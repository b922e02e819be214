import { httpBatchLink, httpSubscriptionLink, splitLink, type TRPCLink } from '@trpc/client';
// tRPC's own observable, which @trpc/client itself is built on and every custom link returns; not the app's server.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { observable } from '@trpc/server/observable';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../server/trpc/router';
import { FetchEventSource } from './fetch-event-source';
import { errorReason } from './errors';
import { askForStepUp, stepUpHeaders } from './step-up';
import { readToken } from './token-storage';
import { SESSION_BINDING_HEADER, SESSION_BINDING_VALUE } from '../../shared/session-binding';

/**
 * A mutation refused for want of a fresh re-authentication (403 `step_up_required`) asks the admin through the
 * step-up dialog and, once they confirmed, is sent again (the batch link then adds the proof's header). Cancelled,
 * the refusal reaches the caller as it came.
 */
const stepUpLink: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    observable((observer) => {
      let retried = false;
      let subscription = next(op).subscribe({
        next: (value) => observer.next(value),
        complete: () => observer.complete(),
        error: (error) => {
          if (op.type !== 'mutation' || retried || errorReason(error) !== 'step_up_required') {
            observer.error(error);
            return;
          }
          retried = true;
          void askForStepUp().then((confirmed) => {
            if (!confirmed) return observer.error(error);
            subscription = next(op).subscribe(observer);
          });
        },
      });
      return () => subscription.unsubscribe();
    });

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
      stepUpLink,
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
            return token ? { ...binding, authorization: `Bearer ${token}`, ...stepUpHeaders() } : binding;
          },
        }),
      }),
    ],
  });
}

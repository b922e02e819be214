import {
  QueryObserver,
  useQueryClient,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
} from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';

/**
 * A query for the providers at the top of the tree (brand, session), whose answers re-render the app as a
 * transition. react-query's own hooks subscribe through `useSyncExternalStore`, and React renders a store's
 * updates synchronously: when the brand arrived just after a lazily loaded page's code, the whole page was
 * rendered in one blocking task (about half a second on /book with Lighthouse's mobile CPU). As a
 * transition React renders it in slices and keeps the page responsive. Same cache, keys and options as the hooks.
 */
export function useTransitionQuery<TData, TError, TQueryKey extends QueryKey>(
  options: QueryObserverOptions<TData, TError, TData, TData, TQueryKey>,
): QueryObserverResult<TData, TError> {
  const queryClient = useQueryClient();
  const [observer] = useState(() => new QueryObserver(queryClient, options));
  const [result, setResult] = useState(() => observer.getOptimisticResult(queryClient.defaultQueryOptions(options)));

  useEffect(() => {
    const unsubscribe = observer.subscribe((next) => startTransition(() => setResult(next)));
    // Whatever changed between the first render and the subscription.
    startTransition(() => setResult(observer.getCurrentResult()));
    return unsubscribe;
  }, [observer]);

  // Options made in render (a changed `enabled`, say) reach the observer after it; unchanged ones cost a compare.
  useEffect(() => {
    observer.setOptions(options);
  });

  return result;
}

import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_BRAND, type Brand } from '../../shared/brand';
import { useHydrated } from './hydration';
import { useTransitionQuery } from './transition-query';
import { trpc } from './trpc';

const BrandContext = createContext<Brand>(DEFAULT_BRAND);

/**
 * The business identity for every screen (docs/product.md#screens). The defaults render at once; the server's
 * env-overridden values replace them when `site.brand` answers (re-rendering as a transition, transition-query.ts),
 * and a failed call keeps the defaults.
 */
export function BrandProvider({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  const brand = useTransitionQuery(utils.site.brand.queryOptions(undefined, { staleTime: Infinity, gcTime: Infinity }));
  return <BrandContext.Provider value={brand.data ?? DEFAULT_BRAND}>{children}</BrandContext.Provider>;
}

/**
 * The brand as the component may show it: while it hydrates a pre-rendered page, the defaults the build drew, and
 * the server's values right after (see `useSession`, docs/decisions.md, "Pre-rendered public pages").
 */
export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  return useHydrated() ? brand : DEFAULT_BRAND;
}

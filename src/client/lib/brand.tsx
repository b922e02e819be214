import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_BRAND, type Brand } from '../../shared/brand';
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

export function useBrand(): Brand {
  return useContext(BrandContext);
}

import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_BRAND, type Brand } from '../../shared/brand';
import { trpc } from './trpc';

const BrandContext = createContext<Brand>(DEFAULT_BRAND);

/**
 * The business identity for every screen (architecture section 6). The defaults render at once; the server's
 * env-overridden values replace them when `site.brand` answers, and a failed call keeps the defaults.
 */
export function BrandProvider({ children }: { children: ReactNode }) {
  const brand = trpc.site.brand.useQuery(undefined, { staleTime: Infinity, gcTime: Infinity });
  return <BrandContext.Provider value={brand.data ?? DEFAULT_BRAND}>{children}</BrandContext.Provider>;
}

export function useBrand(): Brand {
  return useContext(BrandContext);
}

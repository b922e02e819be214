import { useEffect } from 'react';
import { useBrand } from './brand';

/** Each route names itself in the tab and to screen readers, which announce the new title on navigation. */
export function useDocumentTitle(title?: string): void {
  const brand = useBrand();
  useEffect(() => {
    document.title = title ? `${title} · ${brand.name}` : `${brand.name} · ${brand.tagline}`;
  }, [title, brand.name, brand.tagline]);
}

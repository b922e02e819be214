import type { Brand } from '../../../shared/brand';
import type { ServiceDeps } from '../../context';
import { brandWithGstIdentity } from '../gst/gst-settings.service';

/**
 * The business identity after env overrides (docs/product.md#screens), with the legal name, address, GSTIN and
 * FSSAI number of the GST settings (docs/gst.md#settings), for the client to show.
 */
export function getBrand(deps: Pick<ServiceDeps, 'db' | 'config'>): Promise<Brand> {
  return brandWithGstIdentity(deps);
}

import type { Brand } from '../../../shared/brand';
import type { ServiceDeps } from '../../context';

/** The business identity after env overrides (docs/product.md#screens), for the client to show. */
export function getBrand(deps: Pick<ServiceDeps, 'config'>): Brand {
  return deps.config.brand;
}

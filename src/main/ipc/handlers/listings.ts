import type { ListingsService } from '../../listings/listings-service';
import type { Handlers } from '../router';

/** Handlers of the `listings:` channels. */
export function listingsHandlers(
  listings: ListingsService,
): Pick<Handlers, 'listings:list' | 'listings:get'> {
  return {
    'listings:list': (input) => listings.list(input ?? {}),
    'listings:get': ({ uuid }) => listings.get(uuid),
  };
}

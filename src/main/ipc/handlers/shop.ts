import type { ShopService } from '../../shop';
import type { Handlers } from '../router';

type ShopChannels = Extract<keyof Handlers, `shop:${string}`>;

/** Handlers of the `shop:` channels (Settings → Shop, issue 24.1). */
export function shopHandlers(shop: ShopService): Pick<Handlers, ShopChannels> {
  return {
    'shop:status': () => shop.status(),
    'shop:test': ({ url, password }) => shop.test(url, password),
    'shop:init': (input) => shop.init(input),
    'shop:add-desk': (input) => shop.addDesk(input),
    'shop:desks': () => shop.desks(),
    'shop:set-role': (input) => shop.setRole(input),
    'shop:join': (input) => shop.join(input),
    'shop:leave': () => shop.leave(),
  };
}

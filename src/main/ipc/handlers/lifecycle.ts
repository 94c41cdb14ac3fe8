import type { Live } from '../../live';
import type { Handlers } from '../router';

type LifecycleChannels = 'listings:delete' | 'publications:set-state';

/** Handlers of an ad's whole life: deleting listings, pausing and resuming publications (issue 15). */
export function lifecycleHandlers(live: Live): Pick<Handlers, LifecycleChannels> {
  const { lifecycle } = live;
  return {
    'listings:delete': ({ uuid, sold }) => lifecycle.deleteListing(uuid, sold ?? false),
    'publications:set-state': ({ listingUuid, uuid, state }) =>
      lifecycle.setPublicationState(listingUuid, uuid, state),
  };
}

import type { AppInfo } from '../../../shared/ipc/types';
import type { Handlers } from '../router';

/** Handlers of the `app:` channels. */
export function appHandlers(info: () => AppInfo): Pick<Handlers, 'app:info'> {
  return { 'app:info': () => info() };
}

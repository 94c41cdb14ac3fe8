import type { EventHub } from '../../events/event-hub';
import type { SettingsService } from '../../storage/settings';
import type { Handlers } from '../router';

/** Handlers of the `settings:` channels. */
export function settingsHandlers(
  settings: SettingsService,
  events: EventHub,
): Pick<Handlers, 'settings:get' | 'settings:set'> {
  return {
    'settings:get': () => settings.get(),
    'settings:set': (patch) => {
      const next = settings.update(patch);
      events.emit('settings:changed', next);
      return next;
    },
  };
}

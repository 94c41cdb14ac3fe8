// Main's words follow the app's language: set at start, changed when the seller changes the
// setting (the settings:changed event every shell's back end emits).
import type { i18n } from 'i18next';
import type { EventHub } from '../events/event-hub';
import type { UiLanguage } from '../../shared/i18n-language';

export interface LanguageSource {
  events: EventHub;
  /** The app's language now: the setting, else the system's. */
  language(): UiLanguage;
}

/**
 * Puts `instance` in the app's language and keeps it there; `onChange` runs once at once and after
 * every change of language (to rebuild the menu). Returns the unsubscribe.
 */
export async function followAppLanguage(
  source: LanguageSource,
  instance: i18n,
  onChange: () => void,
): Promise<() => void> {
  // Its own record, not the instance's language: another follower (the app's) may have switched
  // the instance already, and this one must still run its onChange.
  let applied = source.language();
  await instance.changeLanguage(applied);
  onChange();
  let pending = Promise.resolve();
  let stopped = false;
  const unsubscribe = source.events.subscribe((event) => {
    if (event !== 'settings:changed') return;
    // In order: two quick changes end in the last one's language.
    pending = pending.then(async () => {
      const next = source.language();
      if (stopped || next === applied) return;
      applied = next;
      await instance.changeLanguage(next);
      if (!stopped) onChange();
    });
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}

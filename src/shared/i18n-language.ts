// Which language the UI and main's own words (menu, notifications, messages; src/main/i18n) use.
import type { Language } from './ipc/types';

export type UiLanguage = 'en' | 'de';

/** The UI language for a setting: German where the system locale is German, else English. */
export function resolveLanguage(setting: Language, systemLocale: string): UiLanguage {
  if (setting !== 'system') return setting;
  return systemLocale.toLowerCase().startsWith('de') ? 'de' : 'en';
}

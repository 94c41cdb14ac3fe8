// i18n with i18next: English and German; the seller's setting, else the system's locale.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiLanguage } from '../../shared/i18n-language';
import { resources } from './resources';

export { resources };
export { resolveLanguage, type UiLanguage } from '../../shared/i18n-language';

export const supportedLanguages = ['en', 'de'] as const satisfies readonly UiLanguage[];

/** Starts i18next in the given language. */
export async function initI18n(language: UiLanguage): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: resources.en }, de: { translation: resources.de } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = language;
  return i18next;
}

/** Switches the UI language. */
export async function applyLanguage(language: UiLanguage): Promise<void> {
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

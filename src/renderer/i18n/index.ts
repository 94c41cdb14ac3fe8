// i18n with i18next: English and German; the seller's setting, else the system's locale. Only the
// language shown is loaded (a chunk of its own, ./words-<language>.ts), the other when it is chosen.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiLanguage } from '../../shared/i18n-language';
import type { words } from './words-en';

export { resolveLanguage, type UiLanguage } from '../../shared/i18n-language';

export const supportedLanguages = ['en', 'de'] as const satisfies readonly UiLanguage[];

type Words = typeof words;

// Literal import()s, so that the bundler makes each language a chunk of its own.
const loaders: Record<UiLanguage, () => Promise<Words>> = {
  en: () => import('./words-en').then((module) => module.words),
  de: () => import('./words-de').then((module) => module.words),
};

/** The words of `language`, loaded once. */
export function loadWords(language: UiLanguage): Promise<Words> {
  return loaders[language]();
}

/**
 * Starts i18next in the given language, its words loaded before anything renders (no key ever shows).
 * Should that language's file fail to load, the UI starts in English rather than not at all.
 */
export async function initI18n(language: UiLanguage): Promise<typeof i18next> {
  let lng = language;
  let words: Words;
  try {
    words = await loadWords(language);
  } catch (error) {
    if (language === 'en') throw error;
    lng = 'en';
    words = await loadWords('en');
  }
  await i18next.use(initReactI18next).init({
    resources: { [lng]: { translation: words } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return i18next;
}

/**
 * Switches the UI language once its words are loaded: until then the UI stays in the language it
 * shows. Rejects when they cannot be loaded (the UI stays as it was).
 */
export async function applyLanguage(language: UiLanguage): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    i18next.addResourceBundle(language, 'translation', await loadWords(language));
  }
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

// i18n with i18next: English and German; the seller's setting, else the system's locale. Only the
// language shown is loaded, in two chunks of its own: the words of the first view
// (./words-<language>.ts), awaited before the first render, and the words of the parts that load on
// demand (./later-words-<language>.ts), fetched with those parts (./later-words.ts).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiLanguage } from '../../shared/i18n-language';
import { loadLaterWords } from './later-words';
import type { words } from './words-en';

export { resolveLanguage, type UiLanguage } from '../../shared/i18n-language';
export { laterWordsOfShownLanguage } from './later-words';

export const supportedLanguages = ['en', 'de'] as const satisfies readonly UiLanguage[];

type Words = typeof words;

// Literal import()s, so that the bundler makes each language a chunk of its own.
const loaders: Record<UiLanguage, () => Promise<Words>> = {
  en: () => import('./words-en').then((module) => module.words),
  de: () => import('./words-de').then((module) => module.words),
};

/** The first view's words of `language`, loaded once. */
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
 * Switches the UI language once all its words (the first view's and the later parts') are loaded:
 * until then the UI stays in the language it shows. Rejects when they cannot be loaded (the UI
 * stays as it was).
 */
export async function applyLanguage(language: UiLanguage): Promise<void> {
  const firstWords = i18next.hasResourceBundle(language, 'translation') ? undefined : loadWords(language);
  const [words] = await Promise.all([firstWords, loadLaterWords(language)]);
  // Deep and overwriting: the later words may already be in the bundle (added first), and each set
  // holds namespaces the other lacks.
  if (words) i18next.addResourceBundle(language, 'translation', words, true, true);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

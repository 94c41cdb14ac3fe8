// The words of the parts that load on demand (./later-words-<language>.ts): a chunk per language,
// added to i18next's bundle of that language once, before any such part renders, so that no key
// ever shows raw. The first view does not wait for them (src/renderer/lazy/with-words.ts fetches
// them with each part, and parts.ts fetches the parts in idle time).
import i18next from 'i18next';
import type { UiLanguage } from '../../shared/i18n-language';
import type { laterWords } from './later-words-en';

type LaterWords = typeof laterWords;

// Literal import()s, so that the bundler makes each language's later words a chunk of their own.
const loaders: Record<UiLanguage, () => Promise<LaterWords>> = {
  en: () => import('./later-words-en').then((module) => module.laterWords),
  de: () => import('./later-words-de').then((module) => module.laterWords),
};

const added = new Map<UiLanguage, Promise<void>>();

/**
 * Loads `language`'s later words into i18next once. A failed load is forgotten, so that the next
 * part's load (or its view's Reload) tries again rather than keeping the failure.
 */
export function loadLaterWords(language: UiLanguage): Promise<void> {
  let adding = added.get(language);
  if (!adding) {
    adding = loaders[language]().then(
      (words) => {
        i18next.addResourceBundle(language, 'translation', words, true, true);
      },
      (error: unknown) => {
        added.delete(language);
        throw error;
      },
    );
    added.set(language, adding);
  }
  return adding;
}

/** Loads the later words of the language the UI shows now (what a part about to render needs). */
export function laterWordsOfShownLanguage(): Promise<void> {
  const shown = i18next.language;
  return loadLaterWords(shown in loaders ? (shown as UiLanguage) : 'en');
}

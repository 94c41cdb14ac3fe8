// The main process's i18next: the same library, file format and plural rules as the renderer's,
// with its own instance and namespaces (menu, command line, main's messages).
import { createInstance, type i18n, type TFunction } from 'i18next';
import type { UiLanguage } from '../../shared/i18n-language';
import { mainResources, type MainNamespace } from './resources';

export { mainResources, type MainNamespace };
export type { TFunction };

/** A new instance holding main's words, ready at once (the resources are bundled, nothing loads). */
export function createMainI18n(language: UiLanguage): i18n {
  const instance = createInstance();
  void instance.init({
    resources: mainResources,
    lng: language,
    fallbackLng: 'en',
    ns: Object.keys(mainResources.en),
    defaultNS: 'menu',
    // Plain text for menus, the terminal and messages: nothing is HTML.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/**
 * Main's instance: it follows the app's language (follow-language.ts) for what main shows on its
 * own, like the menu; words asked for in a given language (the command line's --lang, a
 * notification) come from `wordsIn`, whatever the app's language is.
 */
export const mainI18n: i18n = createMainI18n('en');

/** The words of `namespace` in `language`. */
export function wordsIn(language: UiLanguage, namespace: MainNamespace): TFunction {
  return mainI18n.getFixedT(language, namespace);
}

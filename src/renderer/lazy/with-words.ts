// Every part loaded on demand comes with the later words (i18n/later-words.ts), for parts.ts and
// inner-parts.ts alike.
import { laterWordsOfShownLanguage } from '../i18n';

/** `load`, with the later words of the language shown, which the parts use: none renders without them. */
export const withWords =
  <M>(load: () => Promise<M>) =>
  async (): Promise<M> =>
    (await Promise.all([load(), laterWordsOfShownLanguage()]))[0];

// Every language's words, without i18next, so tests (and main) can read them under plain Node.
// The renderer does not import this file: it loads only the language it shows (./index.ts).
import { words as de } from './words-de';
import { words as en } from './words-en';

/**
 * Each language's words: the common file, and one file per part of the UI, each under its own key
 * (`draftsList.*`, `editor.*`, `photos.*`...); see words-en.ts and words-de.ts.
 */
export const resources = { en, de };

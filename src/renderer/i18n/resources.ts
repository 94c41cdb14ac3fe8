// Every language's words, without i18next, so tests (and main) can read them under plain Node.
// The renderer does not import this file: it loads only the language it shows (./index.ts).
import { laterWords as deLater } from './later-words-de';
import { laterWords as enLater } from './later-words-en';
import { words as de } from './words-de';
import { words as en } from './words-en';

/**
 * Each language's words: the common file, and one file per part of the UI, each under its own key
 * (`draftsList.*`, `editor.*`, `photos.*`...); the first view's set (words-<language>.ts) and the
 * later parts' set (later-words-<language>.ts) together, which hold different keys.
 */
export const resources = { en: { ...en, ...enLater }, de: { ...de, ...deLater } };

// Every locale file reaches the UI, in exactly one of a language's two sets: the first view's words
// (words-<language>.ts, loaded before the first render) and the later parts' words
// (later-words-<language>.ts, loaded with the parts on demand). A part's file left out of both
// would show keys instead of words; one in both would be loaded twice.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { laterWords as deLater } from '../../../src/renderer/i18n/later-words-de';
import { laterWords as enLater } from '../../../src/renderer/i18n/later-words-en';
import { resources } from '../../../src/renderer/i18n/resources';
import { words as de } from '../../../src/renderer/i18n/words-de';
import { words as en } from '../../../src/renderer/i18n/words-en';

const folder = path.resolve(import.meta.dirname, '../../../src/renderer/i18n/locales');
const sharedFolder = path.resolve(import.meta.dirname, '../../../src/shared/i18n/locales');
const SHARED_PARTS = ['teamRoles'];
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Record<string, unknown>;

/** A language's words as its files give them: the common file's keys, each part file under its name. */
function wordsOfFiles(language: string): Record<string, unknown> {
  const files = readdirSync(folder).filter(
    (file) => file.startsWith(`${language}.`) && file.endsWith('.json'),
  );
  const words: Record<string, unknown> = {};
  for (const file of files) {
    const part = file.slice(language.length + 1, -'.json'.length);
    if (part === '') Object.assign(words, read(file));
    else words[part] = read(file);
  }
  // Main's namespaces the window shows too (one wording for both processes), from src/shared.
  for (const part of SHARED_PARTS)
    words[part] = JSON.parse(
      readFileSync(path.join(sharedFolder, `${language}.${part}.json`), 'utf8'),
    ) as Record<string, unknown>;
  return words;
}

describe.each([
  ['en', en, enLater, resources.en],
  ['de', de, deLater, resources.de],
] as const)('the %s words', (language, first, later, all) => {
  it('come from the common file and every part file of the language', () => {
    expect(Object.keys(wordsOfFiles(language)).length).toBeGreaterThan(10);
    expect({ ...first, ...later }).toEqual(wordsOfFiles(language));
    expect(all).toEqual(wordsOfFiles(language));
  });

  it('put each part in one set only, and leave the later set out of the first view', () => {
    const inBoth = Object.keys(later).filter((part) => part in first);
    expect(inBoth).toEqual([]);
    // The split is worth a chunk: the editor's and Settings' shop words wait for their parts.
    expect(Object.keys(later)).toEqual(expect.arrayContaining(['editor', 'photos', 'live', 'shop']));
  });
});

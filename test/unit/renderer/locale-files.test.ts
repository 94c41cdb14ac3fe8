// Every locale file reaches the UI: the renderer loads one language's module (words-en.ts or
// words-de.ts) and nothing else, so a part's file left out of it would show keys instead of words.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { words as de } from '../../../src/renderer/i18n/words-de';
import { words as en } from '../../../src/renderer/i18n/words-en';

const folder = path.resolve(import.meta.dirname, '../../../src/renderer/i18n/locales');
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Record<string, unknown>;

describe.each([
  ['en', en],
  ['de', de],
] as const)('the %s words', (language, words) => {
  const files = readdirSync(folder).filter(
    (file) => file.startsWith(`${language}.`) && file.endsWith('.json'),
  );

  it('hold the common file and every part file of the language', () => {
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const part = file.slice(language.length + 1, -'.json'.length);
      if (part === '') {
        for (const [key, value] of Object.entries(read(file))) {
          expect((words as Record<string, unknown>)[key], `${file}: ${key}`).toEqual(value);
        }
      } else {
        expect((words as Record<string, unknown>)[part], file).toEqual(read(file));
      }
    }
  });

  it('hold nothing that no file of the language gives', () => {
    const given = new Set(
      files.flatMap((file) => {
        const part = file.slice(language.length + 1, -'.json'.length);
        return part === '' ? Object.keys(read(file)) : [part];
      }),
    );
    expect(Object.keys(words).filter((key) => !given.has(key))).toEqual([]);
  });
});

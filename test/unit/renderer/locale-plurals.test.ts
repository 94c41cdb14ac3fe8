// Counts read right in both languages ("1 braucht Sie", not "1 brauchen Sie"): every string that
// shows {{count}} is an i18next plural form, each plural has its one and other forms in English
// and German, every locale file has the same keys in both languages, and each string's twin shows
// the same {{variables}}. The files are read from the folders (the renderer's, and src/shared/i18n/
// locales: main's namespaces and the tables both processes share), so a namespace added later is
// checked before anyone registers it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
/** Each locale folder with the prefix its keys get here (the shared folder's are not the renderer's). */
const folders = [
  { folder: path.join(root, 'src/renderer/i18n/locales'), prefix: '' },
  { folder: path.join(root, 'src/shared/i18n/locales'), prefix: 'shared:' },
];

/**
 * Keys whose {{count}} is a bare figure that no word agrees with: a total in "photo 2 of {{count}}"
 * or a tally in parentheses. Named one by one, so a new count string must be decided on.
 */
const bareFigures = new Set([
  'draftsList.trash',
  'editor.description.count',
  'photos.tile.label',
  'photos.tile.coverLabel',
  'photos.tile.labelNoSize',
  'photos.tile.coverLabelNoSize',
  'photos.announce.start',
  'photos.announce.over',
  'photos.announce.end',
  'photos.announce.cancel',
  'publish.filter.all',
  'publish.filter.open',
  'publish.filter.attention',
  'publish.filter.done',
]);

const pluralSuffix = /_(zero|one|two|few|many|other)$/;
const showsCount = /\{\{\s*count\s*[,}]/;

type Strings = Map<string, string>;

function flatten(tree: unknown, prefix: string, into: Strings): Strings {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    if (typeof value === 'object' && value !== null) flatten(value, `${prefix}${key}.`, into);
    else into.set(`${prefix}${key}`, String(value));
  }
  return into;
}

interface LocaleFile {
  folder: string;
  prefix: string;
  /** The file's name without its language, e.g. `.publish.json`. */
  namespace: string;
}

/** A file's strings under the key the app reads them by (`ns.key`; the common file has no prefix). */
function load(file: LocaleFile, language: 'en' | 'de'): Strings {
  const namespace = /^(?:\.(.+))?\.json$/.exec(file.namespace)?.[1];
  const tree: unknown = JSON.parse(
    readFileSync(path.join(file.folder, `${language}${file.namespace}`), 'utf8'),
  );
  return flatten(tree, `${file.prefix}${namespace ? `${namespace}.` : ''}`, new Map());
}

const localeFiles: LocaleFile[] = folders.flatMap(({ folder, prefix }) =>
  [
    ...new Set(
      readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.replace(/^(en|de)/, '')),
    ),
  ]
    .sort()
    .map((namespace) => ({ folder, prefix, namespace })),
);
const namespaces = localeFiles.map((file) => `${file.prefix}${file.namespace}`);
const en: Strings = new Map(localeFiles.flatMap((file) => [...load(file, 'en')]));
const de: Strings = new Map(localeFiles.flatMap((file) => [...load(file, 'de')]));

describe('locale files', () => {
  it('finds the locale files of both languages', () => {
    expect(namespaces).toContain('.json');
    expect(namespaces).toContain('.publish.json');
    expect(namespaces).toContain('shared:.menu.json');
    expect(en.size).toBeGreaterThan(100);
  });

  it.each(localeFiles.map((file) => [`${file.prefix}${file.namespace}`, file] as const))(
    'en%s and its German twin have the same keys',
    (_name, file) => {
      const enKeys = [...load(file, 'en').keys()].sort();
      const deKeys = [...load(file, 'de').keys()].sort();
      expect(deKeys).toEqual(enKeys);
    },
  );

  it('every string shows the same {{variables}} as its twin in the other language', () => {
    // A variable the German text leaves out would hide a name or figure the English one shows (and
    // one it adds would print as "{{name}}" or nothing).
    const variables = (text: string | undefined) =>
      [...new Set([...(text ?? '').matchAll(/\{\{\s*([\w.]+)/g)].map((match) => match[1]))].sort();
    const differ = [...en]
      .filter(([key, text]) => variables(text).join() !== variables(de.get(key)).join())
      .map(([key, text]) => `${key}: ${text} / ${de.get(key)}`);
    expect(differ).toEqual([]);
  });

  it.each([
    ['en', en],
    ['de', de],
  ] as const)('every %s string that shows {{count}} is a plural form', (_language, strings) => {
    const notPlural = [...strings]
      .filter(([key, text]) => showsCount.test(text) && !pluralSuffix.test(key) && !bareFigures.has(key))
      .map(([key, text]) => `${key}: ${text}`);
    expect(notPlural).toEqual([]);
  });

  it.each([
    ['en', en],
    ['de', de],
  ] as const)(
    'every %s plural has its one and other forms, and no plain key beside them',
    (_language, strings) => {
      const bases = new Set(
        [...strings.keys()]
          .filter((key) => pluralSuffix.test(key))
          .map((key) => key.replace(pluralSuffix, '')),
      );
      const problems: string[] = [];
      for (const base of bases) {
        for (const form of ['one', 'other'])
          if (!strings.has(`${base}_${form}`)) problems.push(`${base}_${form} is missing`);
        // i18next would fall back to the plain key for a missing form and hide that it is missing.
        if (strings.has(base)) problems.push(`${base} is a plain key beside its plural forms`);
      }
      expect(problems).toEqual([]);
    },
  );

  it.each([
    ['en', en],
    ['de', de],
  ] as const)('every %s one and other form shows the count', (_language, strings) => {
    // A form that hard-codes "1" or leaves the figure out would say a wrong number when the
    // language's rule picks it for another count (or hide the number the seller needs).
    const without = [...strings]
      .filter(([key, text]) => /_(one|other)$/.test(key) && !showsCount.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(without).toEqual([]);
  });

  it('the exempted bare figures exist, so the list stays true', () => {
    for (const key of bareFigures) {
      expect(en.get(key), key).toMatch(showsCount);
      expect(de.get(key), key).toMatch(showsCount);
    }
  });
});

// The Import wizard's words (issue 17): every problem code and column target the back end can send
// reads as a sentence in English and German, with its value in it, never as a bare key.
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  importProblemCodes,
  importTargets,
  type ImportProblem,
} from '../../../src/shared/domain/tables/import';
import { resources } from '../../../src/renderer/i18n/resources';
import {
  failureText,
  priceText,
  problemText,
  targetLabel,
} from '../../../src/renderer/views/import/import-words';

const languages = ['en', 'de'] as const;
const t: Record<(typeof languages)[number], TFunction> = {} as never;

beforeAll(async () => {
  for (const language of languages) {
    const instance = i18next.createInstance();
    await instance.init({
      resources: { [language]: { translation: resources[language] } },
      lng: language,
      interpolation: { escapeValue: false },
    });
    t[language] = instance.t;
  }
});

describe.each(languages)('import words in %s', (language) => {
  it.each(importProblemCodes)('problem %s is a sentence with its value', (code) => {
    const problem: ImportProblem = {
      code,
      severity: 'error',
      value: 'Wert-42',
      names: ['shipping_costs', 'foo'],
    };
    const text = problemText(t[language], problem);
    expect(text).not.toContain('import.problem');
    expect(text).not.toMatch(/{{|}}/);
    if (resources[language].import.problem[code].includes('{{value}}')) expect(text).toContain('Wert-42');
    if (code === 'fields-not-imported') expect(text).toContain('shipping_costs, foo');
  });

  it('a price that could not be read and has no text is still said', () => {
    const text = problemText(t[language], { code: 'bad-price', severity: 'error' });
    expect(text).not.toContain('“”');
    expect(text).not.toContain('„“');
  });

  it.each(importTargets)('target %s has a label', (target) => {
    expect(targetLabel(t[language], target)).not.toContain('import.target');
  });

  it('a failed call is worded by its code, with main’s message where it helps', () => {
    expect(failureText(t[language], { code: 'not-found', message: 'ENOENT' })).not.toContain('ENOENT');
    expect(failureText(t[language], { code: 'internal', message: 'disk on fire' })).toContain('disk on fire');
  });
});

describe('prices in the preview', () => {
  it('read in the UI’s language, negotiable and free said in words', () => {
    expect(priceText(t.de, 'de', { type: 'FIXED', amount: 1234.5 })).toBe('1.234,50');
    expect(priceText(t.en, 'en', { type: 'FIXED', amount: 1234.5 })).toBe('1,234.50');
    expect(priceText(t.de, 'de', { type: 'NEGOTIABLE', amount: 89.9 })).toBe('89,90 (VB)');
    expect(priceText(t.en, 'en', { type: 'GIVE_AWAY', amount: null })).toBe('free');
    expect(priceText(t.en, 'en', { type: 'FIXED', amount: null })).toBe('');
  });
});

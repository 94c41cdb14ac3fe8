// Both languages carry the same keys, and every problem the service client can report has words
// in both (else the seller would read main's English fallback in a German UI).
import { describe, expect, it } from 'vitest';
import { resources } from '../../../src/renderer/i18n/resources';
import { SERVICE_PROBLEMS } from '../../../src/main/service-client';
import { publishJobStates, publishSteps } from '../../../src/shared/domain/publishing/publish-job';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

const { en, de } = resources;

describe('locales', () => {
  it('German and English have the same keys', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it.each(SERVICE_PROBLEMS.filter((p) => p !== 'http'))(
    'problem %s is worded in both languages',
    (problem) => {
      expect((en.problems as Record<string, string>)[problem]).toBeTruthy();
      expect((de.problems as Record<string, string>)[problem]).toBeTruthy();
    },
  );

  it('every publish job state, step and remedy is worded in both languages', () => {
    const remedies = ['wait', 'retry', 'fix-draft', 'check-account', 'check-marketplace'];
    for (const language of [en, de]) {
      for (const state of publishJobStates) expect(language.publish.state[state]).toBeTruthy();
      for (const step of publishSteps) expect(language.publish.step[step]).toBeTruthy();
      for (const remedy of remedies)
        expect((language.publish.remedy as Record<string, string>)[remedy]).toBeTruthy();
    }
  });
});

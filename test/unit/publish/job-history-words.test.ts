// A job's history is worded twice: by main (the log, shared/i18n/locales/*.publishJob.json) and by the
// window (renderer/i18n/locales/*.publish.json): the same keys in both places and both languages.
import { describe, expect, it } from 'vitest';
import enMain from '../../../src/shared/i18n/locales/en.publishJob.json';
import deMain from '../../../src/shared/i18n/locales/de.publishJob.json';
import enWindow from '../../../src/renderer/i18n/locales/en.publish.json';
import deWindow from '../../../src/renderer/i18n/locales/de.publish.json';

const keys = (words: Record<string, string>) => Object.keys(words).sort();

describe("a job's history words", () => {
  it('have the same keys in main and in the window, in English and German', () => {
    expect(keys(enMain.history)).toEqual(keys(enWindow.history));
    expect(keys(deMain.history)).toEqual(keys(enMain.history));
    expect(keys(deWindow.history)).toEqual(keys(enMain.history));
  });
});

// A refused write reaches the seller in the UI's language with the folder main named; any other
// error keeps main's words.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../../src/renderer/i18n/resources';
import { localizeWriteFailure } from '../../../src/renderer/ipc/write-failure-text';

beforeAll(async () => {
  await i18next.init({
    resources: { en: { translation: resources.en }, de: { translation: resources.de } },
    lng: 'de',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
});

const folder = '/home/verkäufer/.config/Listing Desk/drafts';

describe('localizeWriteFailure', () => {
  it.each([
    ['disk-full', `Der Datenträger ist voll: In ${folder} kann nichts mehr gespeichert werden.`],
    ['read-only', `Der Datenträger ist schreibgeschützt: In ${folder} kann nichts gespeichert werden.`],
    ['no-permission', `Die App darf nicht in ${folder} speichern.`],
  ] as const)('words %s in German with the folder', async (code, start) => {
    await i18next.changeLanguage('de');
    const error = localizeWriteFailure({ code, message: 'English', details: { folder, errno: 'X' } });
    expect(error.message.startsWith(start)).toBe(true);
    expect(error).toMatchObject({ code, details: { folder } });
  });

  it('words it in English too', async () => {
    await i18next.changeLanguage('en');
    const error = localizeWriteFailure({
      code: 'disk-full',
      message: 'x',
      details: { folder, errno: 'ENOSPC' },
    });
    expect(error.message).toBe(
      `The disk is full: nothing more can be saved in ${folder}. Free some disk space, then try again.`,
    );
  });

  it('leaves other errors, and refused writes without a folder, as main sent them', () => {
    const conflict = { code: 'conflict' as const, message: 'Draft is in the trash.' };
    expect(localizeWriteFailure(conflict)).toBe(conflict);
    const bare = { code: 'disk-full' as const, message: 'main words' };
    expect(localizeWriteFailure(bare)).toBe(bare);
  });
});

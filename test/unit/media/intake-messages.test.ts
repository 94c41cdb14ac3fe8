// A refused photo's message from main's i18n: named and advised in English and German, with what
// the file turned out to be in the message's language; English unless asked.
import { afterEach, describe, expect, it } from 'vitest';
import { mainI18n } from '../../../src/main/i18n';
import { intakeMessage, type IntakeErrorCode } from '../../../src/main/media/intake-messages';

const codes: IntakeErrorCode[] = [
  'empty',
  'not-an-image',
  'truncated',
  'damaged',
  'too-large',
  'unsupported',
  'unreadable',
  'not-a-file',
  'outside-folder',
  'not-saved',
  'cancelled',
];

describe('intakeMessage', () => {
  afterEach(async () => {
    await mainI18n.changeLanguage('en');
  });

  it('says what the file is and what to do, in English', () => {
    expect(intakeMessage('not-an-image', 'notes.jpg', { label: 'a PDF document' }, 'en')).toBe(
      '“notes.jpg” is not a photo: it is a PDF document. Choose a JPEG, PNG, WebP, TIFF, GIF, AVIF or HEIC image instead.',
    );
    expect(
      intakeMessage('too-large', 'scan.png', { bytes: 60 * 2 ** 20, maxBytes: 50 * 2 ** 20 }, 'en'),
    ).toBe(
      '“scan.png” is too large: 60.0 MB (at most 50.0 MB). Make it smaller or save it as JPEG, then add it again.',
    );
    expect(intakeMessage('not-a-file', 'Urlaub', { label: 'a folder' }, 'en')).toBe(
      '“Urlaub” is a folder and was not added. Drop photos, or a folder of photos.',
    );
  });

  it('says it in German, the file kind and sizes too', () => {
    expect(intakeMessage('not-an-image', 'clip.jpg', { label: 'a video' }, 'de')).toBe(
      '„clip.jpg“ ist kein Foto, sondern ein Video. Wählen Sie stattdessen ein Bild im Format JPEG, PNG, WebP, TIFF, GIF, AVIF oder HEIC.',
    );
    expect(intakeMessage('not-an-image', 'x.jpg', { label: 'a .exe file' }, 'de')).toContain(
      'eine .exe-Datei',
    );
    expect(
      intakeMessage('too-large', 'scan.png', { bytes: 60 * 2 ** 20, maxBytes: 50 * 2 ** 20 }, 'de'),
    ).toBe(
      '„scan.png“ ist zu groß: 60,0 MB (höchstens 50,0 MB). Verkleinern Sie das Foto oder speichern Sie es als JPEG und fügen Sie es dann erneut hinzu.',
    );
    expect(intakeMessage('unsupported', 'IMG.CR2', { label: 'CR2' }, 'de')).toMatch(
      /^„IMG\.CR2“ ist eine RAW-Datei/,
    );
  });

  it("is English unless asked, whatever the app's language (a German UI words it by its code)", async () => {
    await mainI18n.changeLanguage('de');
    expect(intakeMessage('cancelled', 'a.jpg')).toBe(
      '“a.jpg” was not added because the import was cancelled.',
    );
    expect(intakeMessage('cancelled', 'a.jpg', {}, 'de')).toBe(
      '„a.jpg“ wurde nicht hinzugefügt, weil der Import abgebrochen wurde.',
    );
  });

  it.each(['en', 'de'] as const)(
    'names the file and fills every variable for each code in %s',
    (language) => {
      for (const code of codes)
        for (const detail of [{}, { label: 'BMP', reason: 'EACCES', bytes: 1, maxBytes: 2 }]) {
          const text = intakeMessage(code, 'file.jpg', detail, language);
          expect(text, code).toContain('file.jpg');
          expect(text, code).not.toMatch(/{{|}}/);
        }
    },
  );
});

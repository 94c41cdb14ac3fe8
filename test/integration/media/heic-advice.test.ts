// Formats the app recognises but still cannot read (issue 16, part 2): each refusal names the file
// and gives the advice that fits its kind (develop a RAW file, export a PSD or XCF, export an SVG
// drawing as PNG), and carries the format to the renderer so the German words give the same advice.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakePhoto } from '../../../src/main/media/intake';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { AddPhotosResult } from '../../../src/shared/ipc/types';
import { unsupportedKind } from '../../../src/shared/unsupported-formats';
import de from '../../../src/renderer/i18n/locales/de.photos.json';
import en from '../../../src/renderer/i18n/locales/en.photos.json';
import { createTempApp, type TempApp } from '../../unit/helpers/temp-app';
import { bmp } from './corpus';

const pad = (head: Buffer) => Buffer.concat([head, Buffer.alloc(4096, 0)]);
/** Just enough of each format for its signature to be recognised. */
const files = {
  'IMG_0042.CR2': pad(Buffer.from([0x49, 0x49, 0x2a, 0, 0x10, 0, 0, 0, 0x43, 0x52, 2, 0])),
  'Flyer.psd': pad(Buffer.concat([Buffer.from('8BPS'), Buffer.from([0, 1, 0, 0, 0, 0, 0, 0])])),
  'Entwurf.xcf': pad(Buffer.from('gimp xcf v011\0')),
  'Logo.svg': Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n',
  ),
  'scan.bmp': bmp(),
};

const expected: Record<keyof typeof files, { label: string; advice: RegExp }> = {
  'IMG_0042.CR2': { label: 'CR2', advice: /camera RAW file \(CR2\).*export it as JPEG/ },
  'Flyer.psd': { label: 'PSD', advice: /Photoshop document \(PSD\).*Export As…/ },
  'Entwurf.xcf': { label: 'XCF', advice: /GIMP image \(XCF\).*Export As…/ },
  'Logo.svg': { label: 'SVG', advice: /vector drawing \(SVG\), not a photo\. Export it as PNG/ },
  'scan.bmp': { label: 'BMP', advice: /BMP image .*save it as JPEG or PNG/ },
};

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ld-advice-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('advice for formats that cannot be read', () => {
  for (const [name, bytes] of Object.entries(files)) {
    const { label, advice } = expected[name as keyof typeof files];
    it(`${name}: refused as ${label} with advice that fits`, async () => {
      const result = await intakePhoto({ bytes, name }, { destDir: path.join(work, 'photos') });
      expect(result).toMatchObject({ ok: false, code: 'unsupported', name, label });
      if (result.ok) throw new Error('unreachable');
      expect(result.message).toContain(`“${name}”`);
      expect(result.message).toMatch(advice);
    });
  }

  it('a text file that merely mentions <svg> later is not taken for a drawing', async () => {
    const text = Buffer.from('Notes about the logo: use <svg> next time.\n');
    const result = await intakePhoto({ bytes: text, name: 'notes.txt' }, { destDir: path.join(work, 'p') });
    expect(result).toMatchObject({ ok: false, code: 'not-an-image' });
  });

  it('every kind has words in English and German, naming the file and the format', () => {
    const kinds = new Set(Object.values(expected).map(({ label }) => unsupportedKind(label)));
    expect([...kinds].sort()).toEqual(['gimp', 'other', 'photoshop', 'raw', 'vector']);
    for (const kind of kinds) {
      for (const refused of [en.refused, de.refused] as Record<string, string>[]) {
        const words = refused[`unsupported-${kind}`];
        expect(words).toContain('{{name}}');
        expect(words).toMatch(/JPEG|PNG/);
      }
    }
    expect(de.refused['unsupported-raw']).toContain('{{label}}');
    expect(de.refused['unsupported-other']).toContain('{{label}}');
  });
});

describe('the format reaches the renderer with the refusal', () => {
  let temp: TempApp;
  beforeAll(async () => {
    temp = await createTempApp();
  });
  afterAll(() => temp.remove());

  it('a RAW file sent by the web shell is refused with its format named', async () => {
    const draft = await temp.call<Draft>('drafts:create');
    const bytes = files['IMG_0042.CR2'];
    const added = await temp.call<AddPhotosResult>('drafts:add-photo-bytes', {
      draftId: draft.id,
      batchId: 'raw',
      name: 'IMG_0042.CR2',
      size: bytes.byteLength,
      base64: bytes.toString('base64'),
    });
    expect(added.added).toBe(0);
    expect(added.refused).toEqual([
      {
        name: 'IMG_0042.CR2',
        code: 'unsupported',
        label: 'CR2',
        message: expect.stringMatching(/camera RAW/),
      },
    ]);
  });
});

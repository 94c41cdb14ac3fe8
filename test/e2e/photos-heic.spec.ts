// iPhone photos in the web shell (issue 16, part 2): a HEIC dropped onto a draft is sent as bytes
// (drafts:add-photo-bytes), stored as an upright JPEG and shown; a format that still cannot be read
// is refused with advice that fits it, in English and in German.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { DropFile } from '../fixtures/photo-drops';
import { dropFiles } from './drop-files';
import { expect, launchShell, stopShell, test } from './fixtures';

const heicFile: DropFile = {
  name: 'IMG_4711.HEIC',
  // Browsers give HEIC files no type on most systems; main judges the bytes anyway.
  type: '',
  base64: readFileSync(path.join(import.meta.dirname, '../fixtures/heic/iphone-portrait.heic')).toString(
    'base64',
  ),
};
const psdFile: DropFile = {
  name: 'Flyer.psd',
  type: 'image/vnd.adobe.photoshop',
  base64: Buffer.concat([Buffer.from('8BPS'), Buffer.from([0, 1]), Buffer.alloc(4096)]).toString('base64'),
};
const rawFile: DropFile = {
  name: 'IMG_0042.CR2',
  type: '',
  base64: Buffer.concat([
    Buffer.from([0x49, 0x49, 0x2a, 0, 0x10, 0, 0, 0, 0x43, 0x52, 2, 0]),
    Buffer.alloc(4096),
  ]).toString('base64'),
};

async function newDraft(page: Page, button: string, editorName: string): Promise<Locator> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const editor = page.getByRole('region', { name: editorName });
  await expect(editor.getByRole('heading', { level: 2 })).toBeVisible();
  return editor;
}

test('a HEIC from an iPhone is shown upright and stored as a JPEG; a PSD is refused with advice', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  const editor = await newDraft(page, 'New draft', 'Draft editor');
  await dropFiles(page, editor.getByRole('group', { name: 'Drop photos here' }), [heicFile, psdFile]);

  const grid = editor.getByRole('list', { name: /photos?, in order/ });
  // Upright: the container turns the sideways 1200 × 900 pixels to stand 900 × 1200.
  await expect(grid.getByRole('button', { name: /^IMG_4711\.HEIC, / })).toHaveAccessibleName(
    'IMG_4711.HEIC, cover photo (1 of 1), 900 × 1200 pixels',
  );
  const refusals = editor.getByRole('region', { name: '1 file was not added' });
  await expect(refusals.getByRole('listitem')).toHaveText(
    '“Flyer.psd” is a Photoshop document (PSD). In Photoshop choose File › Export › Export As…, save it as JPEG or PNG and add that file.',
  );

  // What was stored is a JPEG without any metadata, and its thumbnail shows the red corner upright.
  const draftId = await editor.getAttribute('data-draft-id');
  const draftFile = path.join(shell.dataDir, 'drafts', `${draftId}.json`);
  const stored = (JSON.parse(readFileSync(draftFile, 'utf8')) as { photos: { file: string }[] }).photos[0]!;
  const meta = await sharp(path.join(shell.dataDir, stored.file)).metadata();
  expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 900, 1200, undefined]);
  const corner = await grid.locator('img').evaluate(async (element) => {
    const image = element as HTMLImageElement;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    return [...context.getImageData(8, 8, 1, 1).data.slice(0, 3)];
  });
  expect(corner[0]).toBeGreaterThan(180);
  expect(corner[1]).toBeLessThan(70);
});

test('in German, a camera RAW file is refused with German advice', async ({ browser }, testInfo) => {
  const { shell, child } = await launchShell(testInfo.outputPath('data'), { LANG: 'de_DE.UTF-8' });
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await page.goto(shell.url);
    const editor = await newDraft(page, 'Neuer Entwurf', 'Entwurfseditor');
    await dropFiles(page, editor.getByRole('group', { name: 'Fotos hier ablegen' }), [rawFile, heicFile]);
    await expect(
      editor.getByRole('list', { name: /Fotos? in Reihenfolge/ }).getByRole('button', { name: /^IMG_4711/ }),
    ).toHaveAccessibleName('IMG_4711.HEIC, Titelbild (1 von 1), 900 × 1200 Pixel');
    const refusals = editor.getByRole('region', { name: '1 Datei wurde nicht hinzugefügt' });
    await expect(refusals.getByRole('listitem')).toHaveText(
      '„IMG_0042.CR2“ ist eine RAW-Datei einer Kamera (CR2), die diese App nicht entwickeln kann. Öffnen Sie sie in der Software Ihrer Kamera oder in einem Bildbearbeitungsprogramm, exportieren Sie sie als JPEG und fügen Sie das JPEG hinzu.',
    );
  } finally {
    await context.close();
    await stopShell(child);
  }
});

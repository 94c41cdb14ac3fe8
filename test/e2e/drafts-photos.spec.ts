// The photos of a draft, tried as a seller would: a new draft, three photos dropped from the file
// system with a real drag and drop, reordered by dragging them with the mouse, and still there, in
// that order, after a reload. Then the bad files of a seller's disk in one drop, a folder through
// the chooser, fifty photos at once, the keyboard, and the German words.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  BLUE,
  emptyFile,
  GREEN,
  hugePng,
  jpegFile,
  pngFile,
  RED,
  textAsJpeg,
  truncatedPng,
  type Rgb,
} from '../fixtures/photo-drops';
import { colourFor, solidPng } from '../fixtures/images';
import { dropFiles } from './drop-files';
import { expect, launchShell, stopShell, test } from './fixtures';

function editorOf(page: Page, name = 'Draft editor'): Locator {
  return page.getByRole('region', { name });
}

/** The sortable grid of the draft's photos. */
function gridOf(editor: Locator): Locator {
  return editor.getByRole('list', { name: /(photos?, in order|Fotos? in Reihenfolge)/ });
}

/** A photo's handle: the button named by the photo's file name. */
function photo(grid: Locator, name: string): Locator {
  return grid.getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `) });
}

/** The photos' names in the order shown (each thumbnail's alt text). */
function shownNames(grid: Locator): Promise<string[]> {
  return grid.locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).alt));
}

/** The colour in the middle of each thumbnail as shown, in order: proof the images follow the names. */
function shownColours(grid: Locator): Promise<Rgb[]> {
  return grid.locator('img').evaluateAll(async (images) =>
    Promise.all(
      images.map(async (element) => {
        const image = element as HTMLImageElement;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d') as CanvasRenderingContext2D;
        context.drawImage(image, 0, 0);
        const [r, g, b] = context.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data;
        return [r, g, b] as Rgb;
      }),
    ),
  );
}

function expectColours(actual: Rgb[], expected: Rgb[]) {
  expect(actual).toHaveLength(expected.length);
  // Thumbnails are JPEGs: a colour comes back close, not exact.
  actual.forEach((colour, i) =>
    colour.forEach((channel, c) => expect(Math.abs(channel - (expected[i] as Rgb)[c]!)).toBeLessThan(24)),
  );
}

/** The names of the draft's photos as main stored them, from its file in the data folder. */
function storedNames(dataDir: string, draftId: string): string[] {
  const file = path.join(dataDir, 'drafts', `${draftId}.json`);
  const draft = JSON.parse(readFileSync(file, 'utf8')) as { photos: { originalName: string }[] };
  return draft.photos.map((p) => p.originalName);
}

async function newDraft(page: Page, button = 'New draft', editorName?: string): Promise<Locator> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const editor = editorOf(page, editorName);
  await expect(editor.getByRole('heading', { level: 2 })).toBeVisible();
  return editor;
}

async function draftIdOf(editor: Locator): Promise<string> {
  const id = await editor.getAttribute('data-draft-id');
  if (!id) throw new Error('The editor names no draft.');
  return id;
}

/** Drags one photo onto another's place with the mouse, moving in steps as a hand does. */
async function dragPhoto(page: Page, from: Locator, to: Locator) {
  await to.scrollIntoViewIfNeeded();
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('A photo to drag is not on screen.');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 4, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 16 });
  await page.mouse.up();
}

test('a new draft: three photos dropped, reordered by dragging, still in order after a reload', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  const editor = await newDraft(page);
  const dropZone = editor.getByRole('group', { name: 'Drop photos here' });
  await expect(dropZone).toContainText('Drag photos or a whole folder here.');

  await dropFiles(page, dropZone, [
    pngFile('red.png', RED),
    pngFile('green.png', GREEN),
    pngFile('blue.png', BLUE),
  ]);
  const grid = gridOf(editor);
  await expect.poll(() => shownNames(grid)).toEqual(['red.png', 'green.png', 'blue.png']);
  expectColours(await shownColours(grid), [RED, GREEN, BLUE]);
  await expect(photo(grid, 'red.png')).toHaveAccessibleName('red.png, cover photo (1 of 3), 96 × 96 pixels');
  await expect(photo(grid, 'red.png')).toContainText('Cover');

  // Red goes where blue is: green becomes the cover.
  await dragPhoto(page, photo(grid, 'red.png'), photo(grid, 'blue.png'));
  await expect.poll(() => shownNames(grid)).toEqual(['green.png', 'blue.png', 'red.png']);
  await expect(photo(grid, 'green.png')).toContainText('Cover');
  const draftId = await draftIdOf(editor);
  await expect.poll(() => storedNames(shell.dataDir, draftId)).toEqual(['green.png', 'blue.png', 'red.png']);

  await page.reload();
  await page.getByRole('button', { name: /^Untitled draft.*3 photos/ }).click();
  const again = gridOf(editorOf(page));
  await expect.poll(() => shownNames(again)).toEqual(['green.png', 'blue.png', 'red.png']);
  expectColours(await shownColours(again), [GREEN, BLUE, RED]);
  await expect(photo(again, 'green.png')).toHaveAccessibleName(
    'green.png, cover photo (1 of 3), 96 × 96 pixels',
  );
});

test('bad files in one drop are each named with their reason; the good ones, any name, are added', async ({
  page,
  shell,
}, testInfo) => {
  await page.goto(shell.url);
  const editor = await newDraft(page);
  const dropZone = editor.getByRole('group', { name: 'Drop photos here' });
  await dropFiles(page, dropZone, [
    textAsJpeg('notes.jpg'),
    await truncatedPng('cut off.png'),
    emptyFile('empty.jpg'),
    hugePng('huge scan.png', 60 * 1024 * 1024),
    pngFile('Фото 1.png', RED),
    await jpegFile('写真 2.jpg', GREEN),
    pngFile('good photo.png', BLUE),
  ]);

  const grid = gridOf(editor);
  await expect.poll(() => shownNames(grid)).toEqual(['Фото 1.png', '写真 2.jpg', 'good photo.png']);
  expectColours(await shownColours(grid), [RED, GREEN, BLUE]);
  const refusals = editor.getByRole('region', { name: '4 files were not added' });
  const reason = (name: string) => refusals.getByRole('listitem').filter({ hasText: `“${name}”` });
  await expect(reason('notes.jpg')).toContainText('is not a photo');
  await expect(reason('cut off.png')).toContainText('is incomplete');
  await expect(reason('empty.jpg')).toContainText('is empty (0 bytes)');
  await expect(reason('huge scan.png')).toContainText('is too large: 60.0 MB (at most 50.0 MB)');
  // Listed in the order dropped, although main finishes them in any order.
  await expect(refusals.getByRole('listitem')).toHaveText([
    /^“notes\.jpg”/,
    /^“cut off\.png”/,
    /^“empty\.jpg”/,
    /^“huge scan\.png”/,
  ]);
  const draftId = await draftIdOf(editor);
  await expect
    .poll(() => storedNames(shell.dataDir, draftId))
    .toEqual(['Фото 1.png', '写真 2.jpg', 'good photo.png']);

  await refusals.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refusals).toBeHidden();

  // A folder with a subfolder, a text file and a system file, through "Add a folder…".
  const folder = testInfo.outputPath('Camera roll');
  mkdirSync(path.join(folder, 'more'), { recursive: true });
  writeFileSync(path.join(folder, 'IMG 10.png'), solidPng(colourFor(1), 48));
  writeFileSync(path.join(folder, 'IMG 2.png'), solidPng(colourFor(2), 48));
  writeFileSync(path.join(folder, 'more', 'IMG 1.png'), solidPng(colourFor(3), 48));
  writeFileSync(path.join(folder, 'notes.txt'), 'Not a photo.\n');
  writeFileSync(path.join(folder, '.DS_Store'), 'Finder data');
  const chooser = page.waitForEvent('filechooser');
  await editor.getByRole('button', { name: 'Add a folder…' }).click();
  await (await chooser).setFiles(folder);

  await expect
    .poll(() => shownNames(grid))
    .toEqual(['Фото 1.png', '写真 2.jpg', 'good photo.png', 'IMG 2.png', 'IMG 10.png', 'IMG 1.png']);
  const skipped = editor.getByRole('region', { name: '2 files were not added' });
  await expect(skipped.getByRole('listitem').filter({ hasText: '“notes.txt”' })).toContainText(
    'is not a photo',
  );
  await expect(skipped.getByRole('listitem').filter({ hasText: '“.DS_Store”' })).toContainText('is hidden');
});

test('fifty photos dropped at once all arrive, in the order dropped', async ({ page, shell }) => {
  await page.goto(shell.url);
  const editor = await newDraft(page);
  const names = Array.from({ length: 50 }, (_, i) => `photo ${i + 1}.png`);
  await dropFiles(
    page,
    editor.getByRole('group', { name: 'Drop photos here' }),
    names.map((name, i) => pngFile(name, colourFor(i), 200)),
  );
  const grid = gridOf(editor);
  await expect.poll(() => shownNames(grid), { timeout: 30_000 }).toEqual(names);
  await expect(grid).toHaveAccessibleName('50 photos, in order; the first is the cover');
  const draftId = await draftIdOf(editor);
  await expect.poll(() => storedNames(shell.dataDir, draftId)).toEqual(names);
  expect(readdirSync(path.join(shell.dataDir, 'photos', draftId))).toHaveLength(100);
});

test('reordering while photos still arrive loses none of them', async ({ page, shell }) => {
  await page.goto(shell.url);
  const editor = await newDraft(page);
  const names = Array.from({ length: 40 }, (_, i) => `photo ${i + 1}.png`);
  await dropFiles(
    page,
    editor.getByRole('group', { name: 'Drop photos here' }),
    names.map((name, i) => pngFile(name, colourFor(i), 400)),
  );
  const grid = gridOf(editor);
  await expect(editor.getByText(/^Adding photos: \d+ of 40$/)).toBeVisible();
  await expect(photo(grid, 'photo 2.png')).toBeVisible();
  await editor.getByRole('button', { name: 'Make “photo 2.png” the cover' }).click();
  await expect(editor.getByRole('progressbar', { name: /^Adding photos/ })).toBeHidden({ timeout: 30_000 });

  await expect.poll(async () => (await shownNames(grid)).length).toBe(40);
  expect((await shownNames(grid))[0]).toBe('photo 2.png');
  const draftId = await draftIdOf(editor);
  await expect.poll(() => storedNames(shell.dataDir, draftId).sort()).toEqual([...names].sort());
  expect(readdirSync(path.join(shell.dataDir, 'photos', draftId))).toHaveLength(80);
});

test('photos are reordered with the keyboard, made the cover, removed and brought back', async ({
  page,
  shell,
}) => {
  await page.goto(shell.url);
  const editor = await newDraft(page);
  await dropFiles(page, editor.getByRole('group', { name: 'Drop photos here' }), [
    pngFile('a.png', RED),
    pngFile('b.png', GREEN),
    pngFile('c.png', BLUE),
  ]);
  const grid = gridOf(editor);
  await expect.poll(() => shownNames(grid)).toEqual(['a.png', 'b.png', 'c.png']);

  // Space picks the photo up, the arrow moves it, Space puts it down; each step is read out.
  const a = photo(grid, 'a.png');
  await a.focus();
  await page.keyboard.press('Space');
  await expect(a).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('status').filter({ hasText: 'a.png is over position 2 of 3.' })).toBeAttached();
  await page.keyboard.press('Space');
  await expect(
    page.getByRole('status').filter({ hasText: 'a.png dropped at position 2 of 3.' }),
  ).toBeAttached();
  await expect.poll(() => shownNames(grid)).toEqual(['b.png', 'a.png', 'c.png']);
  await expect(a).toBeFocused();

  await editor.getByRole('button', { name: 'Make “c.png” the cover' }).click();
  await expect.poll(() => shownNames(grid)).toEqual(['c.png', 'b.png', 'a.png']);
  await expect(photo(grid, 'c.png')).toBeFocused();
  await editor.getByRole('button', { name: 'Move “a.png” left' }).click();
  await expect.poll(() => shownNames(grid)).toEqual(['c.png', 'a.png', 'b.png']);

  // Removing can be undone; the next change makes it final.
  await editor.getByRole('button', { name: 'Remove “b.png”' }).click();
  await expect.poll(() => shownNames(grid)).toEqual(['c.png', 'a.png']);
  await editor.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => shownNames(grid)).toEqual(['c.png', 'a.png', 'b.png']);
  await photo(grid, 'b.png').focus();
  await page.keyboard.press('Delete');
  await expect(editor.getByRole('status').filter({ hasText: '“b.png” removed.' })).toBeVisible();
  await expect(photo(grid, 'a.png')).toBeFocused();
  await editor.getByRole('button', { name: 'Move “a.png” left' }).click();
  await expect.poll(() => shownNames(grid)).toEqual(['a.png', 'c.png']);

  const draftId = await draftIdOf(editor);
  await expect.poll(() => storedNames(shell.dataDir, draftId)).toEqual(['a.png', 'c.png']);
  await expect.poll(() => readdirSync(path.join(shell.dataDir, 'photos', draftId)).length).toBe(4);
  await page.reload();
  await page.getByRole('button', { name: /^Untitled draft.*2 photos/ }).click();
  await expect.poll(() => shownNames(gridOf(editorOf(page)))).toEqual(['a.png', 'c.png']);
});

test('in German, refusals, labels and the moves read out are German', async ({ browser }, testInfo) => {
  const dataDir = testInfo.outputPath('data');
  const { shell, child } = await launchShell(dataDir, { LANG: 'de_DE.UTF-8' });
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await page.goto(shell.url);
    const editor = await newDraft(page, 'Neuer Entwurf', 'Entwurfseditor');
    await dropFiles(page, editor.getByRole('group', { name: 'Fotos hier ablegen' }), [
      textAsJpeg('Notizen.jpg'),
      pngFile('rot.png', RED),
      pngFile('grün.png', GREEN),
    ]);
    const grid = gridOf(editor);
    await expect.poll(() => shownNames(grid)).toEqual(['rot.png', 'grün.png']);
    const refusals = editor.getByRole('region', { name: '1 Datei wurde nicht hinzugefügt' });
    await expect(refusals.getByRole('listitem')).toHaveText(
      '„Notizen.jpg“ ist kein Foto. Wählen Sie stattdessen ein Bild im Format JPEG, PNG, WebP, TIFF, GIF, AVIF oder HEIC.',
    );
    await expect(photo(grid, 'rot.png')).toHaveAccessibleName('rot.png, Titelbild (1 von 2), 96 × 96 Pixel');

    await photo(grid, 'grün.png').focus();
    await page.keyboard.press('Space');
    await expect(photo(grid, 'grün.png')).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(
      page.getByRole('status').filter({ hasText: 'grün.png ist über Position 1 von 2.' }),
    ).toBeAttached();
    await page.keyboard.press('Space');
    await expect(
      page.getByRole('status').filter({ hasText: 'grün.png an Position 1 von 2 abgelegt.' }),
    ).toBeAttached();
    await expect.poll(() => shownNames(grid)).toEqual(['grün.png', 'rot.png']);
    await expect(photo(grid, 'grün.png')).toContainText('Titelbild');
  } finally {
    await context.close();
    await stopShell(child);
  }
});

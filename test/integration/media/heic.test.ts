// iPhone photos (issue 16, part 2): a HEIC is decoded by libheif (WASM, in a worker) and stored as
// a JPEG like every other photo: upright by the container's rotation (and not turned a second time
// by its EXIF orientation), without any metadata (no GPS position left), in both shells. The
// fixtures are made by test/fixtures/heic/make.mjs from generated pixels.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeHeic } from '../../../src/main/media/heic';
import { intakePhoto } from '../../../src/main/media/intake';
import type { IntakeResult, StoredPhoto } from '../../../src/main/media/intake';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { AddPhotosResult } from '../../../src/shared/ipc/types';
import { createTempApp, type TempApp } from '../../unit/helpers/temp-app';
import { exifTags, heic as dummyHeic } from './corpus';

const fixtures = path.join(import.meta.dirname, '../../fixtures/heic');
/** Stored sideways (1200 × 900) with irot turning it upright, EXIF orientation 6 and GPS. */
const portrait = readFileSync(path.join(fixtures, 'iphone-portrait.heic'));
/** Stored as shown (1200 × 900), EXIF orientation 1 and GPS. */
const landscape = readFileSync(path.join(fixtures, 'iphone-landscape.heic'));

let work: string;
let counter = 0;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ld-heic-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

async function dropAndTake(name: string, bytes: Uint8Array, maxInputPixels?: number) {
  const dir = path.join(work, `case-${++counter}`);
  await mkdir(path.join(dir, 'photos'), { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  const destDir = path.join(dir, 'photos');
  const result = await intakePhoto({ path: file }, { destDir, ...(maxInputPixels && { maxInputPixels }) });
  return { result, destDir };
}

function stored(result: IntakeResult): StoredPhoto {
  if (!result.ok) throw new Error(`expected a stored photo, got ${result.code}: ${result.message}`);
  return result.photo;
}

/** The stored image's facts as read back: size, metadata, and the colour near its top-left corner. */
async function readBack(file: Buffer | string) {
  const meta = await sharp(file).metadata();
  const { data } = await sharp(file).extract({ left: 20, top: 20, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  });
  return { meta, corner: [...data] };
}

/** The red block the fixture's upright picture has at its top left (a JPEG's colours drift a little). */
function expectRed(corner: number[]): void {
  expect(corner[0]).toBeGreaterThan(190);
  expect(corner[1]).toBeLessThan(60);
  expect(corner[2]).toBeLessThan(60);
}

describe('HEIC intake', () => {
  it('the fixture really is an iPhone-like HEIC: sideways pixels, EXIF orientation 6 and GPS', async () => {
    expect(portrait.toString('latin1', 4, 12)).toBe('ftypheic');
    expect(portrait.includes(Buffer.from('irot'))).toBe(true);
    // EXIF as heif-enc copied it from the JPEG: orientation 6 (tag 0x112) and a GPS position.
    const tiff = [Buffer.from('II*\0', 'latin1'), Buffer.from('MM\0*', 'latin1')]
      .map((magic) => portrait.indexOf(magic))
      .find((at) => at > 0);
    expect(tiff).toBeDefined();
    const tags = exifTags(Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), portrait.subarray(tiff)]));
    expect(tags.ifd0['112']).toBe(6);
    expect(tags.gps?.['2']).toBeDefined();
  });

  it('a portrait photo is stored as an upright JPEG, turned once, with no metadata left', async () => {
    const { result } = await dropAndTake('IMG_4711.HEIC', portrait);
    const photo = stored(result);
    expect(photo).toMatchObject({
      mediaType: 'image/jpeg',
      width: 900,
      height: 1200,
      originalName: 'IMG_4711.HEIC',
    });
    expect(photo.file.endsWith('.jpg')).toBe(true);
    const { meta, corner } = await readBack(photo.file);
    expect(meta.format).toBe('jpeg');
    // Upright by irot; EXIF orientation 6 applied a second time would give 1200 × 900.
    expect([meta.width, meta.height]).toEqual([900, 1200]);
    expectRed(corner);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const bytes = readFileSync(photo.file);
    expect(bytes.includes(Buffer.from('Apple'))).toBe(false);
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    const thumb = await readBack(photo.thumb);
    expect([thumb.meta.width, thumb.meta.height]).toEqual([240, 320]);
    expectRed(thumb.corner);
  });

  it('a landscape photo keeps its orientation', async () => {
    const photo = stored((await dropAndTake('IMG_4712.heic', landscape)).result);
    const { meta, corner } = await readBack(photo.file);
    expect([meta.width, meta.height]).toEqual([1200, 900]);
    expectRed(corner);
    expect(meta.exif).toBeUndefined();
  });

  it('is scaled down to the maximum edge like any photo', async () => {
    const dir = path.join(work, 'edge');
    await mkdir(dir);
    const photo = stored(
      await intakePhoto({ bytes: portrait, name: 'IMG.HEIC' }, { destDir: dir, maxEdge: 600 }),
    );
    expect([photo.width, photo.height]).toEqual([450, 600]);
  });

  it('is refused by its declared size before any pixel is decoded (decompression bombs)', async () => {
    const decoded = await decodeHeic(portrait, 1000 * 1000);
    expect(decoded).toEqual({
      ok: false,
      code: 'too-large',
      detail: { width: 900, height: 1200, maxPixels: 1_000_000 },
    });
    const { result, destDir } = await dropAndTake('IMG_BIG.HEIC', portrait, 1_000_000);
    expect(result).toMatchObject({ ok: false, code: 'too-large' });
    if (result.ok) throw new Error('unreachable');
    expect(result.message).toContain('900 × 1200 pixels');
    expect(await readdir(destDir)).toEqual([]);
  });

  it('a HEIC whose image data is broken is refused as damaged, naming the file', async () => {
    const { result, destDir } = await dropAndTake('IMG_0001.HEIC', dummyHeic());
    expect(result).toMatchObject({ ok: false, code: 'damaged', name: 'IMG_0001.HEIC' });
    if (result.ok) throw new Error('unreachable');
    expect(result.message).toContain('“IMG_0001.HEIC”');
    expect(await readdir(destDir)).toEqual([]);
  });

  it('decodes one photo at a time, each answer its own', async () => {
    const [a, b] = await Promise.all([decodeHeic(portrait, 1e8), decodeHeic(landscape, 1e8)]);
    expect(a.ok && a.raw).toEqual({ width: 900, height: 1200, channels: 4 });
    expect(b.ok && b.raw).toEqual({ width: 1200, height: 900, channels: 4 });
  });
});

describe('HEIC from the web shell (bytes over drafts:add-photo-bytes)', () => {
  let temp: TempApp;
  beforeEach(async () => {
    temp = await createTempApp();
  });
  afterEach(async () => {
    await temp.remove();
  });

  it('is stored upright as a JPEG with no GPS position left', async () => {
    const draft = await temp.call<Draft>('drafts:create');
    const added = await temp.call<AddPhotosResult>('drafts:add-photo-bytes', {
      draftId: draft.id,
      batchId: 'heic',
      name: 'IMG_4711.HEIC',
      size: portrait.byteLength,
      base64: portrait.toString('base64'),
    });
    expect(added.refused).toEqual([]);
    expect(added.added).toBe(1);
    const photo = added.draft.photos[0]!;
    expect(photo.file.endsWith('.jpg')).toBe(true);
    const { meta, corner } = await readBack(readFileSync(path.join(temp.dataDir, photo.file)));
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([900, 1200]);
    expectRed(corner);
    expect(meta.exif).toBeUndefined();
  });
});

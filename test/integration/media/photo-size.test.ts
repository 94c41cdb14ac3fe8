// Upload-sized photos (issue 16): real photographs (Debian's mate-backgrounds, installed by
// scripts/test.mjs) stored at the default 2048 px edge as progressive 4:2:0 mozjpeg JPEGs that stay
// at SSIM >= 0.985 against the quality-95 encoding of the same pixels, and far smaller than the old
// 4096 px / quality-88 photos; PNG photographs stored as JPEG, graphics and transparent PNGs as PNG.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_QUALITY, SSIM_FLOOR, jpegOptions, ssimOf } from '../../../src/main/media/encode-photo';
import { intakePhoto } from '../../../src/main/media/intake';
import type { IntakeResult, StoredPhoto } from '../../../src/main/media/intake';
import { plain } from './corpus';

const NATURE = '/usr/share/backgrounds/mate/nature';
const PHONE = { width: 4032, height: 3024 };

let work: string;
let counter = 0;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ld-photo-size-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

async function drop(name: string, bytes: Uint8Array): Promise<string> {
  const dir = path.join(work, `drop-${++counter}`);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
}

function stored(result: IntakeResult): StoredPhoto {
  if (!result.ok) throw new Error(`expected a stored photo, got ${result.code}: ${result.message}`);
  return result.photo;
}

/** Takes `bytes` in at the defaults (2048 px) and returns the stored photo. */
async function take(name: string, bytes: Buffer): Promise<StoredPhoto> {
  const destDir = path.join(work, `draft-${++counter}`);
  return stored(await intakePhoto({ path: await drop(name, bytes) }, { destDir }));
}

/** The quality-95 mozjpeg encoding of `bytes` at `edge`, flattened on white like the intake. */
function reference(bytes: Buffer, edge: number, quality = REFERENCE_QUALITY): Promise<Buffer> {
  return sharp(bytes)
    .autoOrient()
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: { r: 255, g: 255, b: 255 } })
    .jpeg(jpegOptions(quality))
    .toBuffer();
}

/** A phone-sized (12 MP) copy of a real photo, as a camera would write it. */
function phoneSized(file: string): Promise<Buffer> {
  return sharp(file)
    .resize({ ...PHONE, fit: 'cover' })
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe('photos stored upload-sized', () => {
  it.each(['Wood.jpg', 'LadyBird.jpg', 'Storm.jpg'])(
    'stores %s as a progressive 4:2:0 JPEG that looks like quality 95 (SSIM ≥ 0.985)',
    async (name) => {
      const original = await readFile(path.join(NATURE, name));
      const photo = await take(name, original);
      expect(photo.mediaType).toBe('image/jpeg');
      const image = await readFile(photo.file);
      const meta = await sharp(image).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', isProgressive: true, chromaSubsampling: '4:2:0' });
      expect(Math.max(photo.width, photo.height)).toBeLessThanOrEqual(2048);
      expect(await ssimOf(await reference(original, 2048), image)).toBeGreaterThanOrEqual(SSIM_FLOOR);
      // Never larger than the quality-95 encoding it is measured against.
      expect(image.byteLength).toBeLessThanOrEqual((await reference(original, 2048)).byteLength);
    },
    60_000,
  );

  it('stores a 12 MP phone photo at 2048 px within 450 KB, SSIM ≥ 0.985, far below the old 4096 px / q88', async () => {
    const phone = await phoneSized(path.join(NATURE, 'Wood.jpg'));
    const photo = await take('IMG_0001.jpg', phone);
    expect([photo.width, photo.height]).toEqual([2048, 1536]);
    const image = await readFile(photo.file);
    expect(photo.bytes).toBe(image.byteLength);
    expect(image.byteLength).toBeLessThanOrEqual(450 * 1024);
    expect(await ssimOf(await reference(phone, 2048), image)).toBeGreaterThanOrEqual(SSIM_FLOOR);
    const before = await sharp(phone)
      .resize(4096, 4096, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 88 })
      .toBuffer();
    expect(image.byteLength * 4).toBeLessThan(before.byteLength);
  }, 60_000);

  it('stores a PNG photograph as a JPEG, named and typed so', async () => {
    const png = await sharp(path.join(NATURE, 'LadyBird.jpg')).resize(1200).png().toBuffer();
    const photo = await take('screenshot of a ladybird.png', png);
    expect(photo.mediaType).toBe('image/jpeg');
    expect(path.extname(photo.file)).toBe('.jpg');
    expect((await sharp(photo.file).metadata()).format).toBe('jpeg');
    expect(photo.bytes * 2).toBeLessThanOrEqual(png.byteLength);
  }, 60_000);

  it('keeps a PNG photograph with transparency, and a graphic of few colours, as PNG', async () => {
    const cutout = await sharp(path.join(NATURE, 'LadyBird.jpg'))
      .resize(800)
      .ensureAlpha(0.5)
      .png()
      .toBuffer();
    const transparent = await take('cutout.png', cutout);
    expect(transparent.mediaType).toBe('image/png');
    expect(path.extname(transparent.file)).toBe('.png');
    expect((await sharp(transparent.file).metadata()).hasAlpha).toBe(true);

    const logo = await take('logo.png', await plain(900, 600).png().toBuffer());
    expect(logo.mediaType).toBe('image/png');
    expect(path.extname(logo.file)).toBe('.png');
  }, 60_000);
});

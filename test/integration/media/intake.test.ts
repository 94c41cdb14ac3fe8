// Photo intake against the bad-input corpus of issue 5: each refusal names the file and leaves
// nothing behind; each accepted photo is stored upright, without metadata, at most maxEdge.
import { mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakePhoto } from '../../../src/main/media/intake';
import type { IntakeResult, StoredPhoto } from '../../../src/main/media/intake';
import { bmp, exifTags, heic, photoLike, plain, pngDeclaring, sidewaysWithGps } from './corpus';

let work: string;
let dropped: string;
let counter = 0;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'ld-intake-'));
  dropped = path.join(work, 'dropped');
  await mkdir(dropped);
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** A fresh, empty photo folder for one draft. */
async function draftDir(): Promise<string> {
  const dir = path.join(work, 'photos', `draft-${++counter}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

async function drop(name: string, bytes: Uint8Array | string): Promise<string> {
  const file = path.join(dropped, name);
  await writeFile(file, bytes);
  return file;
}

function stored(result: IntakeResult): StoredPhoto {
  if (!result.ok) throw new Error(`expected a stored photo, got ${result.code}: ${result.message}`);
  return result.photo;
}

async function expectRefused(file: string, code: string, destDir?: string): Promise<string> {
  const dest = destDir ?? (await draftDir());
  const result = await intakePhoto({ path: file }, { destDir: dest });
  expect(result).toMatchObject({ ok: false, code, name: path.basename(file) });
  if (result.ok) throw new Error('unreachable');
  expect(result.message).toContain(`“${path.basename(file)}”`);
  expect(await readdir(dest)).toEqual([]);
  return result.message;
}

describe('refused input names the file and stores nothing', () => {
  it('a text file named .jpg', async () => {
    const message = await expectRefused(
      await drop('notes.jpg', 'Remember: bring the bike.\n'),
      'not-an-image',
    );
    expect(message).toMatch(/not a photo/);
  });

  it('a PDF named .jpg says what it really is', async () => {
    const file = await drop('invoice.jpg', '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n');
    expect(await expectRefused(file, 'not-an-image')).toContain('a PDF document');
  });

  it('a truncated PNG', async () => {
    const png = await photoLike(300, 200).png().toBuffer();
    await expectRefused(await drop('cut off.png', png.subarray(0, png.length / 2)), 'truncated');
  });

  it('a truncated JPEG', async () => {
    const jpeg = await photoLike(300, 200).jpeg().toBuffer();
    const message = await expectRefused(
      await drop('cut off.jpg', jpeg.subarray(0, jpeg.length / 2)),
      'truncated',
    );
    expect(message).toMatch(/incomplete/);
  });

  it('an empty file', async () => {
    expect(await expectRefused(await drop('empty.jpg', ''), 'empty')).toMatch(/empty/);
  });

  it('a 60 MB PNG is refused by its size, quickly', async () => {
    // A PNG signature and then zeros, made sparse: the size guard must act before anything is read.
    const file = path.join(dropped, 'huge scan.png');
    const handle = await open(file, 'w');
    await handle.write(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    await handle.truncate(60 * 1024 * 1024);
    await handle.close();
    const started = performance.now();
    const message = await expectRefused(file, 'too-large');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(message).toContain('60.0 MB');
    expect(message).toContain('50.0 MB');
  });

  it('60 MB of bytes from the web shell', async () => {
    const dest = await draftDir();
    const bytes = new Uint8Array(60 * 1024 * 1024);
    const result = await intakePhoto({ bytes, name: 'huge scan.png' }, { destDir: dest });
    expect(result).toMatchObject({ ok: false, code: 'too-large', name: 'huge scan.png' });
  });

  it('an image declaring 20000 × 20000 pixels is refused before decoding', async () => {
    const message = await expectRefused(
      await drop('bomb.png', await pngDeclaring(20_000, 20_000)),
      'too-large',
    );
    expect(message).toContain('20000 × 20000');
  });

  it('a BMP (an image, but not one the app can use)', async () => {
    expect(await expectRefused(await drop('scan.bmp', bmp()), 'unsupported')).toContain('BMP');
  });

  it('a HEIC whose image data is broken (HEIC photos are read: heic.test.ts)', async () => {
    const message = await expectRefused(await drop('IMG_4711.HEIC', heic()), 'damaged');
    expect(message).toMatch(/damaged/);
  });

  it('a missing file', async () => {
    const message = await expectRefused(path.join(dropped, 'gone.jpg'), 'unreadable');
    expect(message).toContain('no longer exists');
  });

  it('a folder passed as a file', async () => {
    const folder = path.join(dropped, 'album.jpg');
    await mkdir(folder);
    expect(await expectRefused(folder, 'not-a-file')).toContain('a folder');
  });

  it('a photo that cannot be saved says so, naming it', async () => {
    const file = await drop('good.jpg', await plain(50, 50).jpeg().toBuffer());
    const blocker = await drop('not a folder', 'x');
    const result = await intakePhoto({ path: file }, { destDir: path.join(blocker, 'draft-x') });
    expect(result).toMatchObject({ ok: false, code: 'not-saved', name: 'good.jpg' });
    expect(result.ok ? '' : result.message).toMatch(
      /“good\.jpg” could not be saved .*photo folder cannot be created/,
    );
    expect((await readdir(dropped)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('an aborted intake stores nothing', async () => {
    const dest = await draftDir();
    const file = await drop('later.jpg', await plain(50, 50).jpeg().toBuffer());
    const result = await intakePhoto({ path: file }, { destDir: dest, signal: AbortSignal.abort() });
    expect(result).toMatchObject({ ok: false, code: 'cancelled', name: 'later.jpg' });
    expect(await readdir(dest)).toEqual([]);
  });
});

describe('accepted photos', () => {
  it('keeps names with spaces and non-Latin letters, stores under a fresh id with a thumbnail', async () => {
    const dest = await draftDir();
    const kitchen = stored(
      await intakePhoto(
        { path: await drop('Küche Foto 1.jpg', await photoLike(640, 480).jpeg().toBuffer()) },
        { destDir: dest },
      ),
    );
    const photo = stored(
      await intakePhoto(
        { path: await drop('写真.png', await plain(500, 400).png().toBuffer()) },
        { destDir: dest },
      ),
    );
    expect(kitchen).toMatchObject({
      originalName: 'Küche Foto 1.jpg',
      mediaType: 'image/jpeg',
      width: 640,
      height: 480,
    });
    expect(photo).toMatchObject({
      originalName: '写真.png',
      mediaType: 'image/png',
      width: 500,
      height: 400,
    });
    expect(path.basename(photo.file)).toBe(`${photo.id}.png`);
    expect(path.dirname(photo.file)).toBe(dest);
    expect((await sharp(photo.file).metadata()).format).toBe('png');
    const thumb = await sharp(kitchen.thumb).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['jpeg', 320, 240]);
    expect(kitchen.bytes).toBe((await readFile(kitchen.file)).byteLength);
    // Written through a temporary file and renamed: only the finished files remain.
    expect((await readdir(dest)).sort()).toEqual(
      [`${kitchen.id}.jpg`, `${kitchen.id}.thumb.jpg`, `${photo.id}.png`, `${photo.id}.thumb.jpg`].sort(),
    );
  });

  it('applies the EXIF orientation and strips all metadata: no GPS position leaves the machine', async () => {
    const input = await sidewaysWithGps(400, 200);
    // The input really carries what must not leak.
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    const tags = exifTags(before.exif as Buffer);
    expect(tags.gps).toMatchObject({
      '1': expect.any(Number),
      '2': expect.any(Number),
      '4': expect.any(Number),
    });

    const photo = stored(
      await intakePhoto({ path: await drop('from phone.jpg', input) }, { destDir: await draftDir() }),
    );
    for (const file of [photo.file, photo.thumb]) {
      const after = await sharp(file).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      // No APP1 "Exif" segment anywhere in the bytes, whatever a metadata reader might miss.
      expect((await readFile(file)).includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    }
    expect([photo.width, photo.height]).toEqual([200, 400]);
    const stored_ = await sharp(photo.file).metadata();
    expect([stored_.width, stored_.height]).toEqual([200, 400]);
  });

  it.each([
    ['WebP', 'shop window.webp', () => photoLike(120, 80).webp().toBuffer()],
    ['TIFF', 'scan.tif', () => photoLike(120, 80).tiff().toBuffer()],
    ['AVIF', 'modern.avif', () => photoLike(120, 80).avif().toBuffer()],
    ['GIF', 'animated.gif', () => photoLike(120, 80).gif().toBuffer()],
  ])('converts %s to JPEG', async (_format, name, make) => {
    const photo = stored(
      await intakePhoto({ path: await drop(name, await make()) }, { destDir: await draftDir() }),
    );
    expect(photo).toMatchObject({ mediaType: 'image/jpeg', width: 120, height: 80, originalName: name });
    expect(path.extname(photo.file)).toBe('.jpg');
    expect((await sharp(photo.file).metadata()).format).toBe('jpeg');
  });

  it('sniffs the bytes, not the name: a PNG named .jpg stays a PNG', async () => {
    const file = await drop('really a png.jpg', await photoLike(60, 40).png().toBuffer());
    const photo = stored(await intakePhoto({ path: file }, { destDir: await draftDir() }));
    expect(photo.mediaType).toBe('image/png');
    expect(path.extname(photo.file)).toBe('.png');
  });

  it('downscales an image larger than maxEdge, keeping its aspect; never upscales', async () => {
    const file = await drop('panorama.png', await plain(10_000, 2_500).png().toBuffer());
    const big = stored(await intakePhoto({ path: file }, { destDir: await draftDir() }));
    expect([big.width, big.height]).toEqual([2048, 512]);
    const small = stored(await intakePhoto({ path: file }, { destDir: await draftDir(), maxEdge: 1000 }));
    expect([small.width, small.height]).toEqual([1000, 250]);
    const tiny = await drop('tiny.jpg', await plain(300, 200).jpeg().toBuffer());
    const kept = stored(await intakePhoto({ path: tiny }, { destDir: await draftDir(), maxEdge: 1000 }));
    expect([kept.width, kept.height]).toEqual([300, 200]);
  });

  it('takes bytes from the web shell, naming the file by its last path part only', async () => {
    const bytes = await photoLike(80, 60).jpeg().toBuffer();
    const photo = stored(
      await intakePhoto({ bytes, name: 'C:\\fakepath\\Straße 5.jpg' }, { destDir: await draftDir() }),
    );
    expect(photo.originalName).toBe('Straße 5.jpg');
  });
});

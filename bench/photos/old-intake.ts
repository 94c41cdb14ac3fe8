// The intake as it was before issue 16, kept in the benchmark only so that the new path can be
// measured against it in the same run: stored edge 4096, libjpeg-turbo at quality 88 (no mozjpeg, no
// quality search), the thumbnail decoded from the stored photo. Read, sniff and atomic writes are the
// same steps as the app's intake, so that only the photo work differs.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { writeFileAtomic } from '../../src/main/storage/atomic-file';
import { sniffImage } from '../../src/main/media/sniff';

const MAX_EDGE = 4096;
const THUMB_EDGE = 320;
const WHITE = { r: 255, g: 255, b: 255 };

/** One photo through the old path; resolves with the stored photo's bytes. */
export async function oldIntakePhoto(file: string, destDir: string): Promise<number> {
  const bytes = await readFile(file);
  const sniffed = await sniffImage(bytes);
  if (sniffed.kind !== 'keep' && sniffed.kind !== 'convert') throw new Error(`${file}: ${sniffed.kind}`);
  const png = sniffed.kind === 'keep' && sniffed.mediaType === 'image/png';
  const meta = await sharp(bytes, { failOn: 'truncated', limitInputPixels: false }).metadata();
  if (meta.width * meta.height > 100_000_000) throw new Error(`${file}: too large`);
  const resized = sharp(bytes, { failOn: 'truncated', limitInputPixels: 100_000_000 })
    .autoOrient()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
  const encoded = png ? resized.png() : resized.flatten({ background: WHITE }).jpeg({ quality: 88 });
  const image = await encoded.toBuffer();
  const thumb = await sharp(image)
    .resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: WHITE })
    .jpeg({ quality: 80 })
    .toBuffer();
  const id = randomUUID();
  await writeFileAtomic(path.join(destDir, `${id}${png ? '.png' : '.jpg'}`), image);
  await writeFileAtomic(path.join(destDir, `${id}.thumb.jpg`), thumb);
  return image.byteLength;
}

// A smaller copy of a stored photo, for a service that answers 413 "Media is too large." to it: the
// spec does not give the limit, so the photo is scaled to half its longest edge (a quarter of its
// pixels) and sent again. The stored photo itself is left as it is.
import { loadSharp } from './load-sharp';
import { writeFileAtomic } from '../storage/atomic-file';
import type { StoredMediaType } from './sniff';

// Below this the photo would be of no use to a buyer; the service must take something this small.
const MIN_EDGE = 320;
const JPEG_QUALITY = 75;

/** Writes a copy of `file` at half its longest edge (JPEG at a lower quality) to `dest`; resolves with its size. */
export async function shrinkPhoto(file: string, mediaType: StoredMediaType, dest: string): Promise<number> {
  const sharp = await loadSharp();
  const meta = await sharp(file).metadata();
  const edge = Math.max(MIN_EDGE, Math.round(Math.max(meta.width, meta.height) / 2));
  const resized = sharp(file).resize({
    width: edge,
    height: edge,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const encoded =
    mediaType === 'image/png'
      ? resized.png({ compressionLevel: 9 })
      : resized.jpeg({ quality: JPEG_QUALITY, mozjpeg: true });
  const image = await encoded.toBuffer();
  await writeFileAtomic(dest, image);
  return image.byteLength;
}

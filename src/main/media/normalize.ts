// Decodes a sniffed image and re-encodes it the way it is stored: upright, without any metadata,
// no larger than the maximum edge, plus a small JPEG thumbnail. Runs entirely in sharp (libvips on
// libuv's thread pool), so the main process's event loop stays free while a photo is processed.
import { loadSharp } from './load-sharp';
import type { IntakeErrorCode, MessageDetail } from './intake-messages';
import type { StoredMediaType } from './sniff';

export interface NormalizeLimits {
  maxEdge: number;
  thumbEdge: number;
  maxInputPixels: number;
}

export type Normalized =
  | { ok: true; image: Buffer; thumb: Buffer; width: number; height: number }
  | { ok: false; code: IntakeErrorCode; detail: MessageDetail };

// 'truncated' (not sharp's default 'warning'): a photo with a harmless quirk libjpeg merely warns
// about is still taken, but one whose data ends early is refused instead of stored half grey.
const FAIL_ON = 'truncated';
const JPEG_QUALITY = 88;
const THUMB_QUALITY = 80;
const WHITE = { r: 255, g: 255, b: 255 };

/** Maps a libvips failure to what the seller is told; `label` names the sniffed format. */
function decodeFailure(error: unknown, label: string): Normalized {
  const text = error instanceof Error ? error.message : String(error);
  if (/has not been built in|unsupported codec|no decoder|unsupported feature/i.test(text)) {
    return { ok: false, code: 'unsupported', detail: { label } };
  }
  if (
    /premature end|truncat|unexpected end|end of (file|data|stream)|read error|not enough data/i.test(text)
  ) {
    return { ok: false, code: 'truncated', detail: {} };
  }
  return { ok: false, code: 'damaged', detail: {} };
}

/** Decodes `bytes`, applies the EXIF orientation, strips all metadata, downscales and encodes. */
export async function normalizeImage(
  bytes: Uint8Array,
  mediaType: StoredMediaType,
  label: string,
  limits: NormalizeLimits,
): Promise<Normalized> {
  const sharp = await loadSharp();
  // Headers first: a decompression bomb is refused by its declared size before any pixel is decoded.
  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { failOn: FAIL_ON, limitInputPixels: false }).metadata();
    width = meta.width;
    height = meta.height;
  } catch (error) {
    return decodeFailure(error, label);
  }
  if (width * height > limits.maxInputPixels) {
    return { ok: false, code: 'too-large', detail: { width, height, maxPixels: limits.maxInputPixels } };
  }
  try {
    // No keepMetadata()/withMetadata(): sharp then writes no EXIF (so no GPS position), XMP, IPTC
    // or ICC profile. Colours were converted to sRGB first, so losing the profile changes nothing.
    // Only the first frame of an animated GIF or WebP is read (sharp's default of one page).
    const resized = sharp(bytes, { failOn: FAIL_ON, limitInputPixels: limits.maxInputPixels })
      .autoOrient()
      .resize({ width: limits.maxEdge, height: limits.maxEdge, fit: 'inside', withoutEnlargement: true });
    const encoded =
      mediaType === 'image/png'
        ? resized.png()
        : resized.flatten({ background: WHITE }).jpeg({ quality: JPEG_QUALITY });
    const { data: image, info } = await encoded.toBuffer({ resolveWithObject: true });
    // From the stored image rather than the input, so the thumbnail shows exactly what is uploaded.
    const thumb = await sharp(image)
      .resize({ width: limits.thumbEdge, height: limits.thumbEdge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: WHITE })
      .jpeg({ quality: THUMB_QUALITY })
      .toBuffer();
    return { ok: true, image, thumb, width: info.width, height: info.height };
  } catch (error) {
    return decodeFailure(error, label);
  }
}

// Decodes a sniffed image and re-encodes it the way it is stored: upright, without any metadata,
// no larger than the maximum edge, plus a small JPEG thumbnail. Runs entirely in sharp (libvips on
// libuv's thread pool), so the main process's event loop stays free while a photo is processed.
import { encodePhoto, looksLikePhotograph } from './encode-photo';
import type { RawPixels } from './encode-photo';
import { decodeHeic, isHeicLabel } from './heic';
import { loadSharp } from './load-sharp';
import type { IntakeErrorCode, MessageDetail } from './intake-messages';
import type { StoredMediaType } from './sniff';
import type { Sharp } from 'sharp';

export interface NormalizeLimits {
  maxEdge: number;
  thumbEdge: number;
  maxInputPixels: number;
}

export type Normalized =
  | {
      ok: true;
      image: Buffer;
      thumb: Buffer;
      width: number;
      height: number;
      /** What was stored: a PNG that is a photograph may become a JPEG (encode-photo.ts). */
      mediaType: StoredMediaType;
    }
  | { ok: false; code: IntakeErrorCode; detail: MessageDetail };

// 'truncated' (not sharp's default 'warning'): a photo with a harmless quirk libjpeg merely warns
// about is still taken, but one whose data ends early is refused instead of stored half grey.
const FAIL_ON = 'truncated';
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

/** Raw pixels of a sharp pipeline, as encode-photo.ts takes them. */
async function rawOf(pipeline: Sharp): Promise<RawPixels> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

// A photograph saved as PNG is sent as JPEG only when that saves this much: otherwise PNG's
// exactness is kept for what little it costs.
const PNG_TO_JPEG_GAIN = 2;

/**
 * Encodes the upright, downscaled pixels as stored: JPEG at the quality encode-photo.ts chooses;
 * a PNG stays PNG unless it is an opaque photograph whose JPEG is much smaller.
 */
async function encodeStored(
  resized: Sharp,
  mediaType: StoredMediaType,
): Promise<{ image: Buffer; stored: StoredMediaType; pixels: RawPixels }> {
  const sharp = await loadSharp();
  if (mediaType !== 'image/png') {
    const pixels = await rawOf(resized.flatten({ background: WHITE }));
    const { image } = await encodePhoto(pixels);
    return { image, stored: 'image/jpeg', pixels };
  }
  const pixels = await rawOf(resized);
  const { data, width, height, channels } = pixels;
  const png = await sharp(data, { raw: { width, height, channels } }).png().toBuffer();
  if (await looksLikePhotograph(pixels)) {
    const opaque =
      channels === 4 ? await rawOf(sharp(data, { raw: { width, height, channels } }).removeAlpha()) : pixels;
    const { image } = await encodePhoto(opaque);
    if (image.byteLength * PNG_TO_JPEG_GAIN <= png.byteLength) return { image, stored: 'image/jpeg', pixels };
  }
  return { image: png, stored: 'image/png', pixels };
}

/** Decodes `bytes`, applies the EXIF orientation, strips all metadata, downscales and encodes. */
export async function normalizeImage(
  bytes: Uint8Array,
  mediaType: StoredMediaType,
  label: string,
  limits: NormalizeLimits,
): Promise<Normalized> {
  const sharp = await loadSharp();
  // HEIC: libheif decodes (in a worker, its size checked first) to upright pixels sharp takes raw.
  const heic = isHeicLabel(label) ? await decodeHeic(bytes, limits.maxInputPixels) : undefined;
  if (heic && !heic.ok) return heic;
  const input = heic ? heic.data : bytes;
  const from = heic ? { raw: heic.raw } : ({ failOn: FAIL_ON } as const);
  // Headers first: a decompression bomb is refused by its declared size before any pixel is decoded.
  let width: number;
  let height: number;
  try {
    const meta = await sharp(input, { ...from, limitInputPixels: false }).metadata();
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
    const resized = sharp(input, { ...from, limitInputPixels: limits.maxInputPixels })
      .autoOrient()
      .resize({ width: limits.maxEdge, height: limits.maxEdge, fit: 'inside', withoutEnlargement: true });
    const { image, stored, pixels } = await encodeStored(resized, mediaType);
    const { data, width: outWidth, height: outHeight, channels } = pixels;
    // From the stored photo's pixels, already upright and small: no second decode of the stored file.
    const thumb = await sharp(data, { raw: { width: outWidth, height: outHeight, channels } })
      .resize({ width: limits.thumbEdge, height: limits.thumbEdge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: WHITE })
      .jpeg({ quality: THUMB_QUALITY })
      .toBuffer();
    return { ok: true, image, thumb, width: outWidth, height: outHeight, mediaType: stored };
  } catch (error) {
    return decodeFailure(error, label);
  }
}

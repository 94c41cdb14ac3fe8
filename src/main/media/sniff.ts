// What a dropped file really is, judged by its bytes: a file's name is whatever the user (or a
// download) gave it, so "photo.jpg" may be a text file and "scan.png" a JPEG.
import { fileTypeFromBuffer } from 'file-type';

/** The formats the listing service accepts, kept as they are (re-encoded, never renamed). */
export type StoredMediaType = 'image/jpeg' | 'image/png';

export type Sniffed =
  | { kind: 'keep'; mediaType: StoredMediaType }
  | { kind: 'convert'; label: string }
  | { kind: 'unsupported'; label: string }
  | { kind: 'not-an-image'; label?: string };

// Photo formats the bundled libvips decodes and a seller is likely to have; they become JPEG.
// HEIC is here because the format is recognised, but whether it decodes depends on the libvips
// build (the prebuilt one has no HEVC decoder); intake turns that failure into 'unsupported'.
const CONVERTIBLE: Record<string, string> = {
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/tiff': 'TIFF',
  'image/avif': 'AVIF',
  'image/heic': 'HEIC',
  'image/heif': 'HEIF',
  'image/heic-sequence': 'HEIC',
  'image/heif-sequence': 'HEIF',
};

// Friendlier names than a MIME type for the non-images people most often mislabel as photos.
const NAMED: Record<string, string> = {
  'application/pdf': 'a PDF document',
  'application/zip': 'a ZIP archive',
};

/** Sniffs the real type of `bytes` and says whether to keep, convert or refuse it. */
export async function sniffImage(bytes: Uint8Array): Promise<Sniffed> {
  const found = await fileTypeFromBuffer(bytes);
  if (!found) return { kind: 'not-an-image' };
  if (found.mime === 'image/jpeg') return { kind: 'keep', mediaType: 'image/jpeg' };
  // An animated PNG is still a PNG; libvips reads its default (first) image.
  if (found.mime === 'image/png' || found.mime === 'image/apng')
    return { kind: 'keep', mediaType: 'image/png' };
  const convertible = CONVERTIBLE[found.mime];
  if (convertible) return { kind: 'convert', label: convertible };
  if (found.mime.startsWith('image/')) return { kind: 'unsupported', label: found.ext.toUpperCase() };
  if (found.mime.startsWith('video/')) return { kind: 'not-an-image', label: 'a video' };
  return { kind: 'not-an-image', label: NAMED[found.mime] ?? `a .${found.ext} file` };
}

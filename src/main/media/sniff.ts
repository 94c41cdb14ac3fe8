// What a dropped file really is, judged by its bytes: a file's name is whatever the user (or a
// download) gave it, so "photo.jpg" may be a text file and "scan.png" a JPEG.

/** The formats the listing service accepts, kept as they are (re-encoded, never renamed). */
export type StoredMediaType = 'image/jpeg' | 'image/png';

export type Sniffed =
  | { kind: 'keep'; mediaType: StoredMediaType }
  | { kind: 'convert'; label: string }
  | { kind: 'unsupported'; label: string }
  | { kind: 'not-an-image'; label?: string };

// Photo formats a seller is likely to have; they become JPEG. The bundled libvips decodes them,
// except HEIC/HEIF (its prebuilt build has no HEVC decoder), which libheif decodes (heic.ts).
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

// SVG is text, which file-type does not name (at most "XML"): an <svg> root within the first bytes, after any XML
// declaration, doctype or comment, marks a drawing (which deserves advice, not "not a photo").
function isSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8');
  return /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head);
}

/** Sniffs the real type of `bytes` and says whether to keep, convert or refuse it. */
export async function sniffImage(bytes: Uint8Array): Promise<Sniffed> {
  // file-type is loaded with the first photo, not with the app (issue 18.5).
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  if ((!found || found.mime === 'application/xml') && isSvg(bytes))
    return { kind: 'unsupported', label: 'SVG' };
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

// The words a seller reads when a photo is refused. Each names the file (one bad photo among fifty
// must be findable) and says what to do; the code beside it lets the renderer translate.
import { unsupportedKind } from '../../shared/unsupported-formats';

/** Why a dropped file did not become a stored photo. */
export type IntakeErrorCode =
  | 'empty'
  | 'not-an-image'
  | 'truncated'
  | 'damaged'
  | 'too-large'
  | 'unsupported'
  | 'unreadable'
  | 'not-a-file'
  // Given by collectDroppedFiles; here so one list can show skipped and refused files alike.
  | 'outside-folder'
  | 'not-saved'
  | 'cancelled';

/** Facts a message may mention; each code reads only its own. */
export interface MessageDetail {
  /** What the bytes turned out to be, e.g. "a PDF document" or "BMP". */
  label?: string;
  bytes?: number;
  maxBytes?: number;
  width?: number;
  height?: number;
  maxPixels?: number;
  /** A short system reason, e.g. "permission denied". */
  reason?: string;
}

const ACCEPTED = 'JPEG, PNG, WebP, TIFF, GIF, AVIF or HEIC';

/** What to do with a file in a format the app recognises but cannot use. */
function unsupportedMessage(file: string, label: string | undefined): string {
  switch (unsupportedKind(label)) {
    case 'raw':
      return `${file} is a camera RAW file (${label}), which this app cannot develop. Open it in your camera's software or a photo editor, export it as JPEG and add the JPEG.`;
    case 'photoshop':
      return `${file} is a Photoshop document (${label}). In Photoshop choose File › Export › Export As…, save it as JPEG or PNG and add that file.`;
    case 'gimp':
      return `${file} is a GIMP image (XCF). In GIMP choose File › Export As…, save it as JPEG or PNG and add that file.`;
    case 'vector':
      return `${file} is a vector drawing (SVG), not a photo. Export it as PNG from the program that made it and add the PNG.`;
    case 'other':
      return `${file} is a ${label ?? 'kind of'} image this app cannot use. Open it in an image viewer or editor, save it as JPEG or PNG and add it again.`;
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The English message for a refused file, naming it and saying what to do. */
export function intakeMessage(code: IntakeErrorCode, name: string, detail: MessageDetail = {}): string {
  const file = `“${name}”`;
  switch (code) {
    case 'empty':
      return `${file} is empty (0 bytes). Copy the photo again from its source and add it once more.`;
    case 'not-an-image':
      return detail.label
        ? `${file} is not a photo: it is ${detail.label}. Choose a ${ACCEPTED} image instead.`
        : `${file} is not a photo: its contents are not in any image format. Choose a ${ACCEPTED} image instead.`;
    case 'truncated':
      return `${file} is incomplete: the image data ends early (an interrupted copy or download?). Copy the photo again and add it once more.`;
    case 'damaged':
      return `${file} is damaged and cannot be read as an image. Open it in an image viewer, save it again as JPEG and add it once more.`;
    case 'too-large':
      if (detail.width !== undefined && detail.height !== undefined && detail.maxPixels !== undefined) {
        const mp = (detail.maxPixels / 1_000_000).toFixed(0);
        return `${file} is too large: ${detail.width} × ${detail.height} pixels (at most ${mp} megapixels). Make it smaller in an image editor and add it again.`;
      }
      return `${file} is too large: ${megabytes(detail.bytes ?? 0)} (at most ${megabytes(detail.maxBytes ?? 0)}). Make it smaller or save it as JPEG, then add it again.`;
    case 'unsupported':
      return unsupportedMessage(file, detail.label);
    case 'unreadable':
      return `${file} could not be opened (${detail.reason ?? 'unknown reason'}). Check that the file exists and that you may read it, then add it again.`;
    case 'not-a-file':
      return `${file} is ${detail.label ?? 'not a regular file'} and was not added. Drop photos, or a folder of photos.`;
    case 'outside-folder':
      return `${file} is a link to something outside the dropped folder and was not added. Drop the file itself if you mean to add it.`;
    case 'not-saved':
      return `${file} could not be saved in the app's data folder (${detail.reason ?? 'unknown reason'}). Free some disk space and add it again.`;
    case 'cancelled':
      return `${file} was not added because the import was cancelled.`;
  }
}

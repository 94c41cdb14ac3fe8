// The words a seller reads when a photo is refused. Each names the file (one bad photo among fifty
// must be findable) and says what to do; the code beside it lets the renderer translate.

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

const ACCEPTED = 'JPEG, PNG, WebP, TIFF, GIF or AVIF';

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
      if (detail.label === 'HEIC' || detail.label === 'HEIF') {
        return `${file} is a ${detail.label} photo, which this app cannot read. Export it as JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible) and add it again.`;
      }
      return `${file} is a ${detail.label ?? 'kind of'} image this app cannot use. Save it as JPEG or PNG and add it again.`;
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

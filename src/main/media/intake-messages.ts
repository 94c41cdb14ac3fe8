// The words a seller reads when a photo is refused. Each names the file (one bad photo among fifty
// must be findable) and says what to do; the code beside it lets the renderer translate. The words
// are the media namespace of main's i18n.
import type { UiLanguage } from '../../shared/i18n-language';
import { unsupportedKind } from '../../shared/unsupported-formats';
import { wordsIn, type TFunction } from '../i18n';

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

// sniff.ts and read-source.ts name what a file is in English (the label travels with the
// refusal); these few names are worded here in the message's language. Format names (CR2, PSD)
// stay as they are.
const LABEL_KEYS: Record<string, string> = {
  'a video': 'video',
  'a PDF document': 'pdf',
  'a ZIP archive': 'zip',
  'a folder': 'folder',
  'not a regular file': 'notRegular',
};

function labelText(label: string, t: TFunction): string {
  const key = LABEL_KEYS[label];
  if (key) return t(`label.${key}`);
  const ext = /^a \.(\S+) file$/.exec(label)?.[1];
  return ext ? t('label.ext', { ext }) : label;
}

function megabytes(bytes: number, t: TFunction, language: UiLanguage): string {
  const value = (bytes / (1024 * 1024)).toFixed(1);
  return t('megabytes', { value: language === 'de' ? value.replace('.', ',') : value });
}

/**
 * The message for a refused file, naming it and saying what to do. English unless asked: it is the
 * English UI's text, and a German UI words the refusal by its code (renderer's refusal-text.ts).
 */
export function intakeMessage(
  code: IntakeErrorCode,
  name: string,
  detail: MessageDetail = {},
  language: UiLanguage = 'en',
): string {
  const t = wordsIn(language, 'media');
  const reason = detail.reason ?? t('unknownReason');
  switch (code) {
    case 'empty':
      return t('empty', { name });
    case 'not-an-image':
      return detail.label
        ? t('notAnImageAs', { name, label: labelText(detail.label, t), accepted: t('accepted') })
        : t('notAnImage', { name, accepted: t('accepted') });
    case 'truncated':
      return t('truncated', { name });
    case 'damaged':
      return t('damaged', { name });
    case 'too-large':
      if (detail.width !== undefined && detail.height !== undefined && detail.maxPixels !== undefined) {
        const megapixels = (detail.maxPixels / 1_000_000).toFixed(0);
        return t('tooLargePixels', { name, width: detail.width, height: detail.height, megapixels });
      }
      return t('tooLargeBytes', {
        name,
        size: megabytes(detail.bytes ?? 0, t, language),
        max: megabytes(detail.maxBytes ?? 0, t, language),
      });
    case 'unsupported': {
      // A format the app recognises but cannot use gets the advice that fits it.
      const kind = unsupportedKind(detail.label);
      if (kind === 'other' && detail.label === undefined) return t('unsupported.otherUnnamed', { name });
      return t(`unsupported.${kind}`, { name, label: detail.label });
    }
    case 'unreadable':
      return t('unreadable', { name, reason });
    case 'not-a-file':
      return t('notAFile', { name, label: labelText(detail.label ?? 'not a regular file', t) });
    case 'outside-folder':
      return t('outsideFolder', { name });
    case 'not-saved':
      return t('notSaved', { name, reason });
    case 'cancelled':
      return t('cancelled', { name });
  }
}

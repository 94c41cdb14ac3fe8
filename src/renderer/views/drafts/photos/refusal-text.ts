// The words for a refused file. Main words each refusal in English, naming the file and saying
// what to do; a German UI shows the translation of its code instead. Refusals found in the page
// (a hidden file in a dropped folder) have no English message from main and use the locale's words.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoRefusal } from '../../../../shared/ipc/types';
import { unsupportedKind } from '../../../../shared/unsupported-formats';
import { MAX_DROPPED_FILES } from './dropped-files';

/** A function giving the text for a refusal in the UI's language. */
export function useRefusalText(): (refusal: PhotoRefusal) => string {
  const { t, i18n } = useTranslation();
  const german = (i18n.resolvedLanguage ?? i18n.language) === 'de';
  return useCallback(
    (refusal: PhotoRefusal) => {
      // A format main recognised but cannot use gets the advice that fits it (a RAW file, a PSD…).
      const key =
        refusal.code === 'unsupported' && refusal.label
          ? `photos.refused.unsupported-${unsupportedKind(refusal.label)}`
          : `photos.refused.${refusal.code}`;
      const params = {
        name: refusal.name,
        max: MAX_DROPPED_FILES,
        message: refusal.message,
        label: refusal.label,
      };
      // The page's own refusals carry no words of main's (a failed call carries only its error).
      const fromPage = refusal.message === '' || refusal.code === 'call-failed';
      if ((german || fromPage) && i18n.exists(key)) return t(key, params);
      if (german || refusal.message === '') return t('photos.refused.unknown', params);
      return refusal.message;
    },
    [german, i18n, t],
  );
}

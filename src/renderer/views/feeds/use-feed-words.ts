import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageLanguage } from '../../components/problem-text';
import { useDateStyle } from '../../i18n/use-dates';
import { feedWords } from './feed-words';

/** feedWords in the UI's current language. */
export function useFeedWords() {
  const { t } = useTranslation();
  const language = useMessageLanguage();
  const { language: locale, timeZone } = useDateStyle();
  return useMemo(
    () => feedWords(t, language, { language: locale, timeZone }),
    [t, language, locale, timeZone],
  );
}

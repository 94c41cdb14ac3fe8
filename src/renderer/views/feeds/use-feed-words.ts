import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageLanguage } from '../../components/problem-text';
import { feedWords } from './feed-words';

/** feedWords in the UI's current language. */
export function useFeedWords() {
  const { t, i18n } = useTranslation();
  const language = useMessageLanguage();
  return useMemo(() => feedWords(t, language, i18n.language), [t, language, i18n.language]);
}

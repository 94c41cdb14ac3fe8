// How the price rule parts word dates and prices, in the UI's language.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../shared/domain/drafts';
import { useMessageLanguage } from '../../components/problem-text';

/** A date and time as the seller reads it, and a price in cents as euros. */
export function usePriceRuleWords(): { when(iso: string): string; euros(cents: number): string } {
  const { i18n } = useTranslation();
  const language = useMessageLanguage();
  const when = useCallback(
    (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  const euros = useCallback((cents: number) => formatPrice(cents / 100, language), [language]);
  return { when, euros };
}

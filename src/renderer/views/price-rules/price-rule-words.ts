// How the price rule parts word dates and prices, in the UI's language.
import { useCallback } from 'react';
import { formatDateTime } from '../../../shared/dates';
import { formatPrice } from '../../../shared/domain/drafts';
import { useDateStyle } from '../../i18n/use-dates';
import { useMessageLanguage } from '../../components/problem-text';

/** A date and time as the seller reads it, and a price in cents as euros. */
export function usePriceRuleWords(): { when(iso: string): string; euros(cents: number): string } {
  const { language: locale, timeZone } = useDateStyle();
  const language = useMessageLanguage();
  const when = useCallback(
    (iso: string) => formatDateTime(iso, { language: locale, timeZone }),
    [locale, timeZone],
  );
  const euros = useCallback((cents: number) => formatPrice(cents / 100, language), [language]);
  return { when, euros };
}

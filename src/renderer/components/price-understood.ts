// The amount a price field's text was read as, shown beside the field while the seller types (issue
// 23.4), so "1.249" is seen to be 1.249,00 € before anything is saved or sent.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, readPriceText } from '../../shared/domain/drafts';
import { useMessageLanguage } from './problem-text';

/** "= 1.249,00 €" for a text that reads as an amount, in the UI's language; undefined otherwise. */
export function usePriceUnderstood(): (raw: number | string | null) => string | undefined {
  const { t } = useTranslation();
  const language = useMessageLanguage();
  return useCallback(
    (raw) => {
      const reading = readPriceText(raw);
      if (!reading.ok || reading.amount === null) return undefined;
      return t('common.priceUnderstood', { price: formatPrice(reading.amount, language) });
    },
    [t, language],
  );
}

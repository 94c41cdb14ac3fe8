// How the editor words what the shop's merge left on a draft (issue 24.4): a value of a field in
// conflict as the seller reads it, and the desk and time of a change.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/dates';
import { offerValueLabel } from '../../../../shared/domain/drafts';
import { useDateStyle } from '../../../i18n/use-dates';
import type { ShopAuthor, ShopConflictValue } from '../../../../shared/domain/shop';
import { useAccountsStore } from '../../../store/accounts-store';
import { useDraftLanguage } from '../editor/use-editor-language';

// What made a change on a desk that is no other desk (issue 32.1): main names it with an `app:` id.
const SOURCES = ['editor', 'bulk', 'live', 'feed', 'priceStep', 'elsewhere'] as const;

/** Who made a change in the window's language: a desk's name, or what made it (the live ad, a feed). */
export function useDeskText(): (by: ShopAuthor) => string {
  const { t } = useTranslation();
  return useCallback(
    (by: ShopAuthor) => {
      const source = SOURCES.find((name) => by.desk === `app:${name}`);
      return source ? t(`shopMerge.source.${source}`, { name: by.deskName }) : by.deskName;
    },
    [t],
  );
}

/** A desk's change as "Lager, 27 Nov 2026, 09:05". */
export function useAuthorText(): (by: ShopAuthor) => string {
  const { t } = useTranslation();
  const deskText = useDeskText();
  const { language, timeZone } = useDateStyle();
  return useCallback(
    (by: ShopAuthor) =>
      t('shopMerge.by', { desk: deskText(by), when: formatDateTime(by.at, { language, timeZone }) }),
    [t, deskText, language, timeZone],
  );
}

/** A value of `field` as the seller reads it (the photo order is shown as thumbnails instead). */
export function useValueText(): (field: string, value: ShopConflictValue['value']) => string {
  const { t } = useTranslation();
  const accounts = useAccountsStore((s) => s.state?.accounts);
  const language = useDraftLanguage();
  return useCallback(
    (field: string, value: ShopConflictValue['value']) => {
      if (value === null || value === '') return t('shopMerge.empty');
      if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
      // Ad and price types in the seller's words (Festpreis), not the wire code (FIXED).
      if (field === 'adType' || field === 'price.type')
        return offerValueLabel(field === 'adType' ? 'adType' : 'priceType', String(value), language);
      if (field === 'accountId') return accounts?.find((a) => a.id === value)?.name ?? String(value);
      if (field === 'publication.imprintUuid') {
        const imprint = accounts?.flatMap((a) => a.imprints).find((i) => i.uuid === value);
        return imprint?.content.trim().split('\n')[0] ?? String(value);
      }
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    },
    [t, accounts, language],
  );
}

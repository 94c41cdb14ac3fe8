import { useTranslation } from 'react-i18next';
import {
  OFFER_VALUES,
  offerValueLabel,
  offerValueOf,
  type OfferValueKind,
} from '../../../../shared/domain/drafts';
import { Combobox, type ComboboxProps } from './Combobox';
import { useDraftLanguage } from './use-editor-language';

// The spec documents OFFER and FIXED; the rest are known from the marketplace (offer-values.ts).
// The seller may type any other value the service takes.
const OPTIONS: Record<OfferValueKind, readonly string[]> = {
  adType: OFFER_VALUES.adType.map((known) => known.value),
  priceType: OFFER_VALUES.priceType.map((known) => known.value),
};
const LIST_LABELS: Record<OfferValueKind, string> = {
  adType: 'editor.suggestions.adTypes',
  priceType: 'editor.suggestions.priceTypes',
};

type Props = Omit<ComboboxProps, 'options' | 'listLabel' | 'display' | 'parse'> & { kind: OfferValueKind };

/** An open value (ad type, price type) shown in seller words, stored as the service's code. */
export function OfferValueField({ kind, ...input }: Props) {
  const { t } = useTranslation();
  const language = useDraftLanguage();
  return (
    <Combobox
      {...input}
      options={OPTIONS[kind]}
      display={(value) => offerValueLabel(kind, value, language)}
      parse={(text) => offerValueOf(kind, text)}
      listLabel={t(LIST_LABELS[kind])}
    />
  );
}

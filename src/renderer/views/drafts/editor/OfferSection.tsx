import { useTranslation } from 'react-i18next';
import type { Draft } from '../../../../shared/domain/draft';
import {
  OFFER_VALUES,
  knownOfferValue,
  offerValueLabel,
  offerValueOf,
  type OfferValueKind,
} from '../../../../shared/domain/offer-values';
import { useEditorStore } from '../../../store/editor-store';
import { Combobox } from './Combobox';
import { issuesOf, type IssuesByField } from './draft-issues';
import { Field } from './Field';
import { useDraftLanguage, useFieldLabel } from './use-editor-language';

// The spec documents OFFER and FIXED; the rest are known from the marketplace (offer-values.ts).
// The seller may type any other value the service takes.
const AD_TYPES = OFFER_VALUES.adType.map((known) => known.value);
const PRICE_TYPES = OFFER_VALUES.priceType.map((known) => known.value);

/** The hint under an open value: the code it is sent as, and where it is known from. */
function useOfferHint(): (kind: OfferValueKind, value: string) => string {
  const { t } = useTranslation();
  return (kind, value) => {
    const known = knownOfferValue(kind, value);
    if (value.trim() === '') return t('editor.hints.offerEmpty');
    if (!known) return t('editor.hints.offerTyped');
    return t(known.documented ? 'editor.hints.offerDocumented' : 'editor.hints.offerMarketplace', {
      value: known.value,
    });
  };
}

const buyNowValue = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no');
const buyNowOf = (value: string) => (value === 'yes' ? true : value === 'no' ? false : null);

/** What is offered and for how much: ad type, price in euros, price type, buy now. */
export function OfferSection({ draft, issues }: { draft: Draft; issues: IssuesByField }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const language = useDraftLanguage();
  const hint = useOfferHint();
  const edit = useEditorStore((s) => s.edit);
  return (
    <section className="editor-section" aria-labelledby="editor-offer-title">
      <h3 id="editor-offer-title">{t('editor.sections.offer')}</h3>
      <div className="editor-grid">
        <Field field="price.amount" label={label('price.amount')} issues={issuesOf(issues, 'price.amount')}>
          {(a11y) => (
            <div className="with-unit">
              <input
                {...a11y}
                inputMode="decimal"
                placeholder={t('editor.hints.pricePlaceholder')}
                value={draft.price.amount === null ? '' : String(draft.price.amount)}
                // Kept as typed ("12,50", even "abc"): the message says what is wrong, nothing is lost.
                onChange={(e) => {
                  const amount = e.target.value === '' ? null : e.target.value;
                  edit((d) => ({ ...d, price: { ...d.price, amount } }));
                }}
              />
              <span className="unit" aria-hidden="true">
                €
              </span>
            </div>
          )}
        </Field>
        <Field
          field="price.type"
          label={label('price.type')}
          issues={issuesOf(issues, 'price.type')}
          hint={hint('priceType', draft.price.type)}
        >
          {(a11y) => (
            <Combobox
              {...a11y}
              value={draft.price.type}
              options={PRICE_TYPES}
              display={(value) => offerValueLabel('priceType', value, language)}
              parse={(text) => offerValueOf('priceType', text)}
              listLabel={t('editor.suggestions.priceTypes')}
              onChange={(type) => edit((d) => ({ ...d, price: { ...d.price, type } }))}
            />
          )}
        </Field>
        <Field
          field="adType"
          label={label('adType')}
          issues={issuesOf(issues, 'adType')}
          hint={hint('adType', draft.adType)}
        >
          {(a11y) => (
            <Combobox
              {...a11y}
              value={draft.adType}
              options={AD_TYPES}
              display={(value) => offerValueLabel('adType', value, language)}
              parse={(text) => offerValueOf('adType', text)}
              listLabel={t('editor.suggestions.adTypes')}
              onChange={(adType) => edit((d) => ({ ...d, adType }))}
            />
          )}
        </Field>
        <Field field="buyNow" label={t('editor.fields.buyNow')}>
          {(a11y) => (
            <select
              {...a11y}
              value={buyNowValue(draft.buyNow)}
              onChange={(e) => {
                const buyNow = buyNowOf(e.target.value);
                edit((d) => ({ ...d, buyNow }));
              }}
            >
              <option value="">{t('editor.fields.buyNowUnset')}</option>
              <option value="yes">{t('common.yes')}</option>
              <option value="no">{t('common.no')}</option>
            </select>
          )}
        </Field>
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import type { Draft } from '../../../../shared/domain/drafts';
import { knownOfferValue, type OfferValueKind } from '../../../../shared/domain/drafts';
import { usePriceUnderstood } from '../../../components/price-understood';
import { useDraftBinding } from './draft-binding';
import { issuesOf, type IssuesByField } from './draft-issues';
import { Field } from './Field';
import { OfferValueField } from './OfferValueField';
import { useFieldLabel } from './use-editor-language';

/** The hint under an open value: where it is known from. */
function useOfferHint(): (kind: OfferValueKind, value: string) => string {
  const { t } = useTranslation();
  return (kind, value) => {
    const known = knownOfferValue(kind, value);
    if (value.trim() === '') return t('editor.hints.offerEmpty');
    if (!known) return t('editor.hints.offerTyped');
    // The seller reads the value in their words above; the service's code is not theirs to read.
    return t(known.documented ? 'editor.hints.offerDocumented' : 'editor.hints.offerMarketplace');
  };
}

const buyNowValue = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no');
const buyNowOf = (value: string) => (value === 'yes' ? true : value === 'no' ? false : null);

/** What is offered and for how much: ad type, price in euros, price type, buy now. */
export function OfferSection({ draft, issues }: { draft: Draft; issues: IssuesByField }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const hint = useOfferHint();
  const understood = usePriceUnderstood();
  const { edit } = useDraftBinding();
  return (
    <section className="editor-section" aria-labelledby="editor-offer-title">
      <h3 id="editor-offer-title">{t('editor.sections.offer')}</h3>
      <div className="editor-grid">
        <Field
          field="price.amount"
          label={label('price.amount')}
          issues={issuesOf(issues, 'price.amount')}
          hint={understood(draft.price.amount)}
        >
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
            <OfferValueField
              {...a11y}
              kind="priceType"
              value={draft.price.type}
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
            <OfferValueField
              {...a11y}
              kind="adType"
              value={draft.adType}
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

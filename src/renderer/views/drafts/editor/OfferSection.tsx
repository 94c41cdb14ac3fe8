import { useTranslation } from 'react-i18next';
import { DEFAULT_AD_TYPE, DEFAULT_PRICE_TYPE, type Draft } from '../../../../shared/domain/draft';
import { useEditorStore } from '../../../store/editor-store';
import { Combobox } from './Combobox';
import { issuesOf, type IssuesByField } from './draft-issues';
import { Field } from './Field';
import { useFieldLabel } from './use-editor-language';

// The spec shows only these; the seller may type others the service takes.
const AD_TYPES = [DEFAULT_AD_TYPE];
const PRICE_TYPES = [DEFAULT_PRICE_TYPE];

const buyNowValue = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no');
const buyNowOf = (value: string) => (value === 'yes' ? true : value === 'no' ? false : null);

/** What is offered and for how much: ad type, price in euros, price type, buy now. */
export function OfferSection({ draft, issues }: { draft: Draft; issues: IssuesByField }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
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
          hint={t('editor.hints.priceType', { value: DEFAULT_PRICE_TYPE })}
        >
          {(a11y) => (
            <Combobox
              {...a11y}
              value={draft.price.type}
              options={PRICE_TYPES}
              listLabel={t('editor.suggestions.priceTypes')}
              onChange={(type) => edit((d) => ({ ...d, price: { ...d.price, type } }))}
            />
          )}
        </Field>
        <Field
          field="adType"
          label={label('adType')}
          issues={issuesOf(issues, 'adType')}
          hint={t('editor.hints.adType', { value: DEFAULT_AD_TYPE })}
        >
          {(a11y) => (
            <Combobox
              {...a11y}
              value={draft.adType}
              options={AD_TYPES}
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

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LIVE_BULK_KINDS,
  PUBLICATION_BULK_KINDS,
  priceRoundings,
  type BulkEditKind,
} from '../../../shared/domain/bulk';
import { useRecentCategories } from '../../components/category-picker/use-recent-categories';
import { CategoryPicker } from '../../components/category-picker/CategoryPicker';
import { usePriceUnderstood } from '../../components/price-understood';
import { useMessageLanguage } from '../../components/problem-text';
import { useActiveAccount } from '../../store/accounts-store';
import type { BulkTarget } from '../../store/bulk-store';
import type { BulkForm } from '../../../shared/domain/bulk';

const KINDS: Exclude<BulkEditKind, 'request'>[] = [
  'price',
  'contact',
  'imprint',
  'location',
  'category',
  'attribute',
  'description',
];

/** A labelled text field of the form. */
function Field({
  label,
  value,
  onChange,
  hint,
  multiline = false,
  name,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
  multiline?: boolean;
  name: string;
}) {
  const id = useId();
  const control = {
    id,
    name,
    value,
    ...(hint && { 'aria-describedby': `${id}-hint` }),
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <div className="bulk-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={4} {...control} /> : <input type="text" {...control} />}
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
}

/**
 * What to change and to what: the fields of the chosen kind. `asks` (a desk that must ask, issue
 * 37.4): imprint and location, which no request carries, are left out and the reason said.
 */
export function BulkEditForm({
  form,
  target,
  asks = false,
  onChange,
}: {
  form: BulkForm;
  target: BulkTarget;
  asks?: boolean;
  onChange(patch: Partial<BulkForm>): void;
}) {
  const { t } = useTranslation();
  const account = useActiveAccount();
  const understood = usePriceUnderstood();
  const language = useMessageLanguage();
  const recent = useRecentCategories(form.kind === 'category');
  const kinds =
    target === 'listings'
      ? KINDS.filter(
          (kind) => LIVE_BULK_KINDS.includes(kind) && !(asks && PUBLICATION_BULK_KINDS.includes(kind)),
        )
      : KINDS;
  const text = (key: keyof BulkForm, label: string, extra: { hint?: string; multiline?: boolean } = {}) => (
    <Field
      name={key}
      label={label}
      value={form[key] as string}
      onChange={(value) => onChange({ [key]: value })}
      {...extra}
    />
  );
  return (
    <div className="bulk-form">
      <fieldset className="bulk-kinds">
        <legend>{t('bulk.what')}</legend>
        {kinds.map((kind) => (
          <label key={kind}>
            <input
              type="radio"
              name="bulk-kind"
              value={kind}
              checked={form.kind === kind}
              onChange={() => onChange({ kind })}
            />
            {t(`bulk.kinds.${kind}`)}
          </label>
        ))}
        {target === 'listings' && <small>{t('bulk.liveOnly')}</small>}
        {target === 'listings' && asks && (
          <small data-testid="bulk-asks-kinds">{t('live.bulkAsk.kinds')}</small>
        )}
      </fieldset>
      {form.kind === 'price' && (
        <div className="bulk-kind-fields">
          <fieldset>
            <legend className="bulk-visually-hidden">{t('bulk.kinds.price')}</legend>
            {(['percent', 'set'] as const).map((mode) => (
              <label key={mode}>
                <input
                  type="radio"
                  name="bulk-price-mode"
                  value={mode}
                  checked={form.priceMode === mode}
                  onChange={() => onChange({ priceMode: mode })}
                />
                {t(`bulk.price.${mode}`)}
              </label>
            ))}
          </fieldset>
          {form.priceMode === 'percent'
            ? text('priceValue', t('bulk.price.percentValue'), { hint: t('bulk.price.percentHint') })
            : text('priceValue', t('bulk.price.amount'), { hint: understood(form.priceValue) })}
          <div className="bulk-field">
            <label htmlFor="bulk-rounding">{t('bulk.price.rounding')}</label>
            <select
              id="bulk-rounding"
              value={form.rounding}
              onChange={(e) => onChange({ rounding: e.target.value as BulkForm['rounding'] })}
            >
              {priceRoundings.map((rounding) => (
                <option key={rounding} value={rounding}>
                  {t(`bulk.price.roundings.${rounding}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {form.kind === 'contact' && (
        <div className="bulk-kind-fields">
          {text('email', t('bulk.contact.email'))}
          {text('phoneNumber', t('bulk.contact.phoneNumber'))}
          {text('contactPerson', t('bulk.contact.contactPerson'))}
          <small>{t('bulk.contact.hint')}</small>
        </div>
      )}
      {form.kind === 'imprint' && (
        <div className="bulk-kind-fields">
          <div className="bulk-field">
            <label htmlFor="bulk-imprint">{t('bulk.imprint.label')}</label>
            <select
              id="bulk-imprint"
              value={form.imprintUuid}
              onChange={(e) => onChange({ imprintUuid: e.target.value })}
            >
              <option value="">{t('bulk.imprint.none')}</option>
              {(account?.imprints ?? []).map((imprint) => (
                <option key={imprint.uuid} value={imprint.uuid}>
                  {imprint.content.split('\n')[0]!.slice(0, 60)}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {form.kind === 'location' && (
        <div className="bulk-kind-fields">
          {text('street', t('bulk.location.street'))}
          {text('postalCode', t('bulk.location.postalCode'))}
          {text('city', t('bulk.location.city'))}
          {text('district', t('bulk.location.district'))}
          {text('radius', t('bulk.location.radius'))}
          <small>{t('bulk.location.hint')}</small>
        </div>
      )}
      {form.kind === 'category' && (
        <div className="bulk-kind-fields">
          <div className="bulk-field">
            <label htmlFor="bulk-category">{t('bulk.category.label')}</label>
            <CategoryPicker
              id="bulk-category"
              aria-describedby="bulk-category-hint"
              value={form.categoryPath}
              attributes={
                form.categoryAttribute ? { [form.categoryAttribute.key]: form.categoryAttribute.value } : {}
              }
              recent={recent}
              language={language}
              onPick={({ path, kind }) => onChange({ categoryPath: path, categoryAttribute: kind ?? null })}
            />
            <small id="bulk-category-hint">{t('bulk.category.hint')}</small>
          </div>
        </div>
      )}
      {form.kind === 'attribute' && (
        <div className="bulk-kind-fields">
          {text('attributeName', t('bulk.attribute.name'))}
          {!form.attributeRemove && text('attributeValue', t('bulk.attribute.value'))}
          <label>
            <input
              type="checkbox"
              checked={form.attributeRemove}
              onChange={(e) => onChange({ attributeRemove: e.target.checked })}
            />
            {t('bulk.attribute.remove')}
          </label>
        </div>
      )}
      {form.kind === 'description' && (
        <div className="bulk-kind-fields">
          <fieldset>
            <legend className="bulk-visually-hidden">{t('bulk.kinds.description')}</legend>
            {(['append', 'replace'] as const).map((mode) => (
              <label key={mode}>
                <input
                  type="radio"
                  name="bulk-description-mode"
                  value={mode}
                  checked={form.descriptionMode === mode}
                  onChange={() => onChange({ descriptionMode: mode })}
                />
                {t(`bulk.description.${mode}`)}
              </label>
            ))}
          </fieldset>
          {form.descriptionMode === 'replace' &&
            text('find', t('bulk.description.find'), {
              hint: t('bulk.description.findHint'),
              multiline: true,
            })}
          {text('block', t('bulk.description.block'), { multiline: true })}
        </div>
      )}
    </div>
  );
}

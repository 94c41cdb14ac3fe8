// One mapping added or changed (Settings → Categories): the shop category as the shop writes it (a
// new mapping only), the marketplace's category chosen with the catalog's picker (its kind becomes
// the `art` default), and the category's other choices as defaults.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogLanguage, CategoryMapping } from '../../../../shared/domain/catalog';
import { CategoryPicker } from '../../../components/category-picker/CategoryPicker';
import { useRecentCategories } from '../../../components/category-picker/use-recent-categories';
import type { LoadedCatalog } from '../../../store/catalog-store';
import { useCategoryMappingsStore } from '../../../store/category-mappings-store';
import { attributesForPath, defaultSelects, mappingLine } from './category-settings';
import type { CatalogFunctions } from './use-catalog-lib';

export interface MappingFormProps {
  /** The mapping changed; none: a new one. */
  mapping?: CategoryMapping;
  /** The mappings there are (a new one's name may be one of them: saving replaces it). */
  mappings: readonly CategoryMapping[];
  catalog: LoadedCatalog;
  lib: CatalogFunctions;
  language: CatalogLanguage;
  /** Closed: saved (with the shop category's name and its category's) or cancelled. */
  onDone(saved?: { shopCategory: string; category: string }): void;
}

export function MappingForm({ mapping, mappings, catalog, lib, language, onDone }: MappingFormProps) {
  const { t } = useTranslation();
  const ids = useId();
  const { view } = catalog;
  const [shopCategory, setShopCategory] = useState(mapping?.shopCategory ?? '');
  const [path, setPath] = useState(mapping?.path ?? '');
  const [attributes, setAttributes] = useState<Record<string, string>>(mapping?.attributes ?? {});
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const recent = useRecentCategories(true);
  // A mapping changed starts at its category (a new one at its name, autoFocus below).
  const changing = mapping !== undefined;
  useEffect(() => {
    if (changing) document.getElementById(`${ids}-picker`)?.focus();
  }, [changing, ids]);

  const name = lib.shopCategoryName(shopCategory);
  const taken =
    mapping === undefined && name !== ''
      ? mappings.find((m) => lib.shopCategoryKey(m.shopCategory) === lib.shopCategoryKey(name))
      : undefined;
  const complete = name !== '' && path.trim() !== '';
  const selects = path.trim() === '' ? [] : defaultSelects(view, path);
  const others = Object.entries(attributes).filter(([key]) => !selects.some((a) => a.key === key));
  const setDefault = (key: string, value: string) =>
    setAttributes((now) => {
      const next = { ...now };
      if (value === '') delete next[key];
      else next[key] = value;
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!complete || busy) return;
    setBusy(true);
    const saved = await useCategoryMappingsStore
      .getState()
      .map({ shopCategory: name, path: path.trim(), attributes });
    setBusy(false);
    if (saved)
      onDone({ shopCategory: saved.shopCategory, category: mappingLine(view, saved, language).name });
  };

  const titleId = `${ids}-title`;
  const needsId = `${ids}-needs`;
  return (
    <form
      className="mapping-form"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        // The picker keeps its own Escape (it closes its list first).
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onDone();
        }
      }}
    >
      <h3 id={titleId}>
        {mapping
          ? t('categorySettings.form.changeTitle', { name: mapping.shopCategory })
          : t('categorySettings.form.addTitle')}
      </h3>
      {!mapping && (
        <label className="field wide">
          <span>{t('categorySettings.form.shopCategory')}</span>
          <input
            type="text"
            value={shopCategory}
            autoFocus
            maxLength={500}
            aria-describedby={`${ids}-shop-hint${taken ? ` ${ids}-taken` : ''}`}
            aria-invalid={tried && name === '' ? true : undefined}
            onChange={(event) => setShopCategory(event.target.value)}
          />
          <small id={`${ids}-shop-hint`} className="hint">
            {t('categorySettings.form.shopCategoryHint')}
          </small>
          {taken && (
            <small id={`${ids}-taken`} className="warning small">
              {t('categorySettings.form.already', { name: taken.shopCategory })}
            </small>
          )}
        </label>
      )}
      <div className="field wide mapping-picker">
        <label htmlFor={`${ids}-picker`}>
          <span>{t('categorySettings.form.category')}</span>
        </label>
        <CategoryPicker
          id={`${ids}-picker`}
          value={path}
          attributes={attributes}
          recent={recent}
          language={language}
          {...(tried && path.trim() === '' && { 'aria-invalid': true as const })}
          onPick={(choice) => {
            setPath(choice.path);
            setAttributes((now) => attributesForPath(view, choice.path, now, choice.kind));
          }}
        />
      </div>
      {path.trim() !== '' && (
        <fieldset className="mapping-defaults">
          <legend>{t('categorySettings.form.defaults')}</legend>
          {selects.length === 0 && others.length === 0 && (
            <p className="hint">{t('categorySettings.form.noDefaults')}</p>
          )}
          {selects.map((attribute) => (
            <label key={attribute.key} className="field">
              <span>{view.attributeLabel(attribute.key, language)}</span>
              <select
                value={attributes[attribute.key] ?? ''}
                onChange={(event) => setDefault(attribute.key, event.target.value)}
              >
                <option value="">{t('categorySettings.form.noValue')}</option>
                {attribute.options?.map((option) => (
                  <option key={option.value} value={option.value}>
                    {view.valueLabel(path, attribute.key, option.value, language)}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {others.map(([key, value]) => {
            const label = view.attributeLabel(key, language);
            return (
              <p key={key} className="mapping-kept">
                <span>
                  {t('categorySettings.form.kept', {
                    label,
                    value: view.valueLabel(path, key, value, language),
                  })}
                </span>{' '}
                <button type="button" className="link-button" onClick={() => setDefault(key, '')}>
                  {t('categorySettings.form.removeDefault', { label })}
                </button>
              </p>
            );
          })}
        </fieldset>
      )}
      {tried && !complete && (
        <p id={needsId} className="form-error" role="alert">
          {t('categorySettings.form.needs')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {t('categorySettings.form.save')}
        </button>
        <button type="button" onClick={() => onDone()}>
          {t('categorySettings.form.cancel')}
        </button>
      </div>
    </form>
  );
}

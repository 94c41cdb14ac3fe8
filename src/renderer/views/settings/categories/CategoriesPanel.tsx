// Settings → Categories (issue 34): the shop's categories mapped to the marketplace's, edited in one
// place (added with the catalog's picker, changed, removed with Undo), and the shop's condition
// words. The store follows categories:changed, so a mapping made on another desk of the shop or in
// an import's preview shows up here.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CategoryMapping } from '../../../../shared/domain/catalog';
import { useMessageLanguage } from '../../../components/problem-text';
import { useCatalog, useCatalogStore } from '../../../store/catalog-store';
import { useCategoryMappingsStore } from '../../../store/category-mappings-store';
import { mappingLine } from './category-settings';
import { ConditionWords } from './ConditionWords';
import { MappingForm } from './MappingForm';
import { useCatalogFunctions } from './use-catalog-lib';
import './categories.css';

/** What the last action left to say: a removal (with Undo), a restore, a save. */
type Notice =
  | { kind: 'removed'; mapping: CategoryMapping }
  | { kind: 'restored'; name: string }
  | { kind: 'saved'; name: string; category: string };

export function CategoriesPanel() {
  const { t } = useTranslation();
  const ids = useId();
  const language = useMessageLanguage();
  const mappings = useCategoryMappingsStore((s) => s.mappings);
  const failure = useCategoryMappingsStore((s) => s.failure);
  const catalog = useCatalog();
  const catalogFailure = useCatalogStore((s) => s.failure);
  const lib = useCatalogFunctions();
  const [editing, setEditing] = useState<string | 'new' | undefined>();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    void useCategoryMappingsStore.getState().ensure();
  }, []);
  useEffect(() => {
    if (focus === null) return;
    document.getElementById(focus)?.focus();
    setFocus(null);
  }, [focus]);

  const rowId = (shopCategory: string, what: 'change' | 'remove') =>
    `${ids}-${what}-${encodeURIComponent(shopCategory)}`;
  const addId = `${ids}-add`;
  const { map, unmap } = useCategoryMappingsStore.getState();

  const remove = async (mapping: CategoryMapping, index: number, list: readonly CategoryMapping[]) => {
    setBusy(true);
    const done = await unmap(mapping.shopCategory);
    setBusy(false);
    if (!done) return;
    setNotice({ kind: 'removed', mapping });
    // Focus stays in the list: the next row's Remove, else the one before, else Undo.
    const after = list[index + 1] ?? list[index - 1];
    setFocus(after ? rowId(after.shopCategory, 'remove') : `${ids}-undo`);
  };
  const undo = async (mapping: CategoryMapping) => {
    setBusy(true);
    const back = await map({
      shopCategory: mapping.shopCategory,
      path: mapping.path,
      attributes: mapping.attributes,
    });
    setBusy(false);
    if (!back) return;
    setNotice({ kind: 'restored', name: back.shopCategory });
    setFocus(rowId(back.shopCategory, 'change'));
  };

  const ready = mappings !== undefined && catalog !== undefined && lib !== undefined;
  return (
    <section className="panel categories-panel" aria-labelledby={`${ids}-title`}>
      <div className="panel-head">
        <h2 id={`${ids}-title`}>{t('categorySettings.title')}</h2>
        {ready && editing === undefined && (
          <button
            id={addId}
            type="button"
            className="primary"
            onClick={() => {
              setNotice(null);
              setEditing('new');
            }}
          >
            {t('categorySettings.add')}
          </button>
        )}
      </div>
      <p className="muted">{t('categorySettings.intro')}</p>
      <p className="muted">{t('categorySettings.inherits')}</p>
      {failure !== null && mappings === undefined && (
        <div className="banner error" role="alert">
          <span>{t('categorySettings.failed', { message: failure })}</span>
          <button type="button" onClick={() => void useCategoryMappingsStore.getState().ensure()}>
            {t('categorySettings.retry')}
          </button>
        </div>
      )}
      {catalogFailure !== null && catalog === undefined && (
        <p className="form-error" role="alert">
          {t('picker.failed', { message: catalogFailure })}
        </p>
      )}
      {!ready && failure === null && catalogFailure === null && (
        <p className="muted" role="status">
          {t('categorySettings.loading')}
        </p>
      )}
      {ready && (
        <>
          {editing === 'new' && (
            <MappingForm
              mappings={mappings.mappings}
              catalog={catalog}
              lib={lib}
              language={language}
              onDone={(saved) => {
                setEditing(undefined);
                if (saved) {
                  setNotice({ kind: 'saved', name: saved.shopCategory, category: saved.category });
                  setFocus(rowId(saved.shopCategory, 'change'));
                } else setFocus(addId);
              }}
            />
          )}
          <div className="categories-notice" role="status">
            {notice?.kind === 'removed' && (
              <>
                <span>{t('categorySettings.removed', { name: notice.mapping.shopCategory })}</span>
                <button
                  id={`${ids}-undo`}
                  type="button"
                  disabled={busy}
                  aria-label={t('categorySettings.undoLabel', { name: notice.mapping.shopCategory })}
                  onClick={() => void undo(notice.mapping)}
                >
                  {t('categorySettings.undo')}
                </button>
              </>
            )}
            {notice?.kind === 'restored' && t('categorySettings.restored', { name: notice.name })}
            {notice?.kind === 'saved' &&
              t('categorySettings.form.saved', { name: notice.name, category: notice.category })}
          </div>
          {mappings.mappings.length === 0 ? (
            editing !== 'new' && <p className="muted">{t('categorySettings.none')}</p>
          ) : (
            <ul className="category-mappings" aria-label={t('categorySettings.listLabel')}>
              {mappings.mappings.map((mapping, index, list) => {
                if (editing === mapping.shopCategory)
                  return (
                    <li key={mapping.shopCategory} className="category-mapping">
                      <MappingForm
                        mapping={mapping}
                        mappings={mappings.mappings}
                        catalog={catalog}
                        lib={lib}
                        language={language}
                        onDone={(saved) => {
                          setEditing(undefined);
                          if (saved)
                            setNotice({ kind: 'saved', name: saved.shopCategory, category: saved.category });
                          setFocus(rowId(mapping.shopCategory, 'change'));
                        }}
                      />
                    </li>
                  );
                const line = mappingLine(catalog.view, mapping, language);
                return (
                  <li key={mapping.shopCategory} className="category-mapping">
                    <div className="category-mapping-text">
                      <div>
                        <strong className="category-mapping-shop">{mapping.shopCategory}</strong>{' '}
                        <span aria-hidden="true">→</span>
                        <span className="visually-hidden">{t('categorySettings.mapsTo')}</span>{' '}
                        <span className="category-mapping-name">{line.name}</span>
                      </div>
                      <div className="hint">
                        {line.known
                          ? t('categorySettings.sentAs', { path: mapping.path })
                          : t('categorySettings.notInCatalog')}
                        {line.defaults.length > 0 &&
                          ` · ${t('categorySettings.defaults', { list: line.defaults.join(', ') })}`}
                      </div>
                    </div>
                    <div className="actions">
                      <button
                        id={rowId(mapping.shopCategory, 'change')}
                        type="button"
                        aria-label={t('categorySettings.changeLabel', { name: mapping.shopCategory })}
                        onClick={() => {
                          setNotice(null);
                          setEditing(mapping.shopCategory);
                        }}
                      >
                        {t('categorySettings.change')}
                      </button>
                      <button
                        id={rowId(mapping.shopCategory, 'remove')}
                        type="button"
                        className="danger"
                        disabled={busy}
                        aria-label={t('categorySettings.removeLabel', { name: mapping.shopCategory })}
                        onClick={() => void remove(mapping, index, list)}
                      >
                        {t('categorySettings.remove')}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          <ConditionWords
            stored={mappings.conditionWords}
            confirmed={mappings.conditionConfirmed}
            catalog={catalog}
            lib={lib}
            language={language}
          />
        </>
      )}
    </section>
  );
}

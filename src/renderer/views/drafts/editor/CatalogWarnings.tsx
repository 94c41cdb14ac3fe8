// What the catalog warns of in the draft (issue 33.6): a category it does not know (nor has the
// service taken it for the draft's account), or a category with kinds and none chosen. Said with the
// fix, beside the summary; it never blocks publishing. Main checks (the same check as the list's and
// `publish --ready`'s), a moment after the category, the attributes or the account last changed.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogWarning } from '../../../../shared/domain/catalog';
import type { Draft } from '../../../../shared/domain/drafts';
import { call } from '../../../ipc/client';
import { useCatalogStore } from '../../../store/catalog-store';
import { fieldDomId, focusById } from './field-ids';

const CHECK_AFTER_MS = 250;

/** Main's warnings of the draft's category and kind; [] until known (and when they cannot be). */
function useCatalogWarnings(draft: Pick<Draft, 'accountId' | 'category' | 'attributes'>): CatalogWarning[] {
  const [warnings, setWarnings] = useState<CatalogWarning[]>([]);
  const { accountId, category, attributes } = draft;
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      call('catalog:check', { accountId, category, attributes }).then(
        (found) => live && setWarnings(found),
        // A help, not a need: without an answer the editor simply says nothing more.
        () => undefined,
      );
    }, CHECK_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [accountId, category, attributes]);
  return warnings;
}

/** The catalog's warnings of the draft, each with its fix and a way to the category field. */
export function CatalogWarnings({ draft }: { draft: Draft }) {
  const { t, i18n } = useTranslation();
  const warnings = useCatalogWarnings(draft);
  // The names and labels come from the catalog, loaded once a warning is to be said (the path and
  // the key stand in until it is).
  const view = useCatalogStore((s) => s.loaded?.view);
  const any = warnings.length > 0;
  useEffect(() => {
    if (any && !view) void useCatalogStore.getState().ensure();
  }, [any, view]);
  if (!any) return null;
  const language = i18n.language === 'de' ? 'de' : 'en';
  const nameOf = (path: string) => {
    const category = view?.category(path);
    return category ? view!.names(category, language).full : path;
  };
  return (
    <div className="editor-catalog-warnings" role="note" data-testid="editor-catalog-warnings">
      <strong>{t('editor.catalogWarning.title')}</strong>
      <ul>
        {warnings.map((warning) => (
          <li key={warning.code} data-code={warning.code}>
            {warning.code === 'category-unknown'
              ? t('editor.catalogWarning.categoryUnknown', { path: warning.path })
              : t('editor.catalogWarning.kindMissing', {
                  name: nameOf(warning.path),
                  label: view?.attributeLabel(warning.key ?? '', language) ?? warning.key,
                })}{' '}
            <button type="button" onClick={() => focusById(fieldDomId('category'))}>
              {t('editor.catalogWarning.toCategory')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

// Readiness says more, blocks no more (issue 33.6): `publish` publishes a draft the catalog warns
// about (a category it does not know, a kind not chosen) and names it with the warning and its fix,
// on stderr and in the JSON summary.
import type { CatalogWarning } from '../../../shared/domain/catalog';
import type { Draft } from '../../../shared/domain/drafts';
import { wordsIn } from '../../i18n';
import type { Session } from '../session';

/** A draft published with the catalog's warning: the code and the words with their fix. */
export interface CatalogWarned {
  draftId: string;
  title: string;
  warnings: { code: CatalogWarning['code']; path: string; key: string | null; message: string }[];
}

/** The warning in the run's language, with its fix. */
export function catalogWarningText(warning: CatalogWarning, session: Pick<Session, 'language'>): string {
  const t = wordsIn(session.language, 'cli');
  return warning.code === 'category-unknown'
    ? t('catalogWarning.categoryUnknown', { path: warning.path })
    : t('catalogWarning.kindMissing', { path: warning.path, key: warning.key ?? '' });
}

/**
 * The catalog's warnings of the drafts about to be published, each said on stderr. `mayWarn`
 * narrows the drafts read (the list's rows say which have a warning); absent: every draft is read.
 */
export async function catalogWarned(
  session: Session,
  drafts: readonly { id: string; title: string }[],
  mayWarn?: ReadonlySet<string>,
): Promise<CatalogWarned[]> {
  const warned: CatalogWarned[] = [];
  for (const { id } of drafts) {
    if (mayWarn && !mayWarn.has(id)) continue;
    const draft = await session.call<Draft>('drafts:get', { id });
    const found = await session.call<CatalogWarning[]>('catalog:check', {
      accountId: draft.accountId ?? null,
      category: draft.category,
      attributes: draft.attributes,
    });
    if (found.length === 0) continue;
    const title = draft.title.trim() || session.words.untitled;
    const warnings = found.map((warning) => ({
      code: warning.code,
      path: warning.path,
      key: warning.key ?? null,
      message: catalogWarningText(warning, session),
    }));
    for (const warning of warnings)
      session.err(wordsIn(session.language, 'cli')('catalogWarned', { title, warning: warning.message }));
    warned.push({ draftId: id, title: draft.title, warnings });
  }
  return warned;
}

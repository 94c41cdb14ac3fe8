import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';

// PLACEHOLDER (replaced by the drafts list work): the Drafts view — list on the left, the editor
// of the open draft (`<DraftEditor draftId=… />`) on the right.
export function DraftsView() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('drafts.title')}</h1>
      <EmptyState icon="drafts" title={t('drafts.emptyTitle')} body={t('drafts.emptyBody')} />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState';

/** The Drafts view (its list and editor come with the drafts work). */
export function DraftsView() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('drafts.title')}</h1>
      <EmptyState icon="drafts" title={t('drafts.emptyTitle')} body={t('drafts.emptyBody')} />
    </>
  );
}

/** The Publishing view. */
export function PublishingView() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('publishing.title')}</h1>
      <EmptyState icon="publishing" title={t('publishing.emptyTitle')} body={t('publishing.emptyBody')} />
    </>
  );
}

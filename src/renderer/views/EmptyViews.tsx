import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState';

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

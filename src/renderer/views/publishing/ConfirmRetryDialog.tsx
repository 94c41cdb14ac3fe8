import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * Asks before publishing again a job whose ad may already be online (its publication answer was
 * lost and the service offers no way to look it up). The app's one confirmation dialog: focus
 * starts on the safe choice, Escape cancels, and the caller puts focus back where it was.
 */
export function ConfirmRetryDialog({
  title,
  onConfirm,
  onClose,
}: {
  title: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('publish.confirmRetry.title', { title })}
      body={
        <>
          <p>{t('publish.confirmRetry.risk')}</p>
          <p>{t('publish.confirmRetry.check')}</p>
        </>
      }
      cancelLabel={t('publish.confirmRetry.keep')}
      confirmLabel={t('publish.confirmRetry.confirm')}
      danger
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}

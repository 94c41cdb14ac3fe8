import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

interface Props {
  /** The photo's place, from 1, and how many the ad has. */
  position: number;
  total: number;
  src: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before a photo leaves a live ad, naming it by its place and showing it. */
export function RemovePhotoDialog({ position, total, src, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation();
  const name = t('liveEdit.photos.name', { position, total });
  return (
    <ConfirmDialog
      title={t('liveEdit.photos.confirmTitle', { name })}
      body={
        <div className="live-remove-body">
          <img src={src} alt={name} className="live-remove-thumb" />
          <p>{t('liveEdit.photos.confirmBody')}</p>
        </div>
      }
      confirmLabel={t('liveEdit.photos.confirm')}
      cancelLabel={t('liveEdit.photos.keep')}
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

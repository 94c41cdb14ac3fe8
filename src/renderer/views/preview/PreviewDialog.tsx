import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdPreview } from '../../../shared/domain/drafts';
import { AdPage } from './AdPage';
import type { PhotoAddress } from './PreviewGallery';
import './preview.css';

/**
 * The preview as a modal <dialog>: a line for the seller on top (and what is still missing), the
 * ad page below. Escape, the Close button and a click beside the dialog close it; the caller puts
 * focus back on its Preview button.
 */
export function PreviewDialog({
  preview,
  address,
  onClose,
}: {
  preview: AdPreview;
  address: PhotoAddress;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    close.current?.focus();
    return () => element.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="ad-preview-dialog"
      aria-labelledby="ad-preview-heading"
      aria-describedby="ad-preview-line"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The dialog element itself is hit only on its backdrop: its content fills it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="ad-preview-body">
        <header className="ad-preview-seller">
          <div className="ad-preview-seller-line">
            <h2 id="ad-preview-heading">{t('preview.heading')}</h2>
            <p id="ad-preview-line">
              {t(preview.source === 'draft' ? 'preview.sellerLine' : 'preview.liveLine')}
            </p>
            <button type="button" ref={close} onClick={onClose}>
              {t('preview.close')}
            </button>
          </div>
          {preview.missing.length > 0 && (
            <div className="ad-preview-missing" data-testid="preview-missing">
              <strong id="ad-preview-missing-title">{t('preview.missing')}</strong>
              <ul aria-labelledby="ad-preview-missing-title">
                {preview.missing.map((entry) => (
                  <li key={entry.field}>{entry.label}</li>
                ))}
              </ul>
            </div>
          )}
        </header>
        <AdPage preview={preview} address={address} />
      </div>
    </dialog>
  );
}

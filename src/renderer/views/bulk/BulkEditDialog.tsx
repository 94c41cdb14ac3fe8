import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProblemText } from '../../components/problem-text';
import { useAsksForLive } from '../../store/approvals-store';
import { useBulkStore } from '../../store/bulk-store';
import { BulkAskProgress } from './BulkAskProgress';
import { BulkEditForm } from './BulkEditForm';
import { BulkJobProgress } from './BulkJobProgress';
import { BulkPreviewTable } from './BulkPreviewTable';
import { editOf, emptyBulkForm, type BulkForm } from '../../../shared/domain/bulk';
import './bulk.css';

/**
 * "Change…" for the ticked drafts or live ads: what to change, a before/after preview, then Apply.
 * Drafts are saved at once; live ads change as a job whose progress and results show here. On a
 * desk that must ask (issue 37.4) Apply asks instead: one request per ad, its progress shown here.
 */
export function BulkEditDialog({ onClosed }: { onClosed?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const problemText = useProblemText();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { dialog, preview, busy, failure, draftsResult, jobId, asking } = useBulkStore();
  const mustAsk = useAsksForLive();
  const job = useBulkStore((s) => s.jobs.find((j) => j.id === s.jobId));
  const [form, setForm] = useState<BulkForm>(emptyBulkForm);
  const [missing, setMissing] = useState<string | null>(null);

  useEffect(() => {
    const element = dialogRef.current;
    if (!element) return;
    if (!element.open) element.showModal();
    return () => element.close();
  }, []);

  if (!dialog) return null;
  const asks = mustAsk && dialog.target === 'listings';
  const close = () => {
    useBulkStore.getState().close();
    setForm(emptyBulkForm);
    onClosed?.();
  };
  const change = (patch: Partial<BulkForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setMissing(null);
    useBulkStore.getState().clearPreview();
  };
  const showPreview = () => {
    const made = editOf(form);
    if ('missing' in made) {
      setMissing(made.missing);
      return;
    }
    void useBulkStore.getState().showPreview(made.edit, asks);
  };
  const changing = preview?.rows.filter((row) => row.outcome === 'change').length ?? 0;
  const applied = draftsResult !== null || jobId !== null || asking !== null;
  const title =
    dialog.target === 'drafts'
      ? t('bulk.titleDrafts', { count: dialog.ids.length })
      : t('bulk.titleListings', { count: dialog.ids.length });

  return (
    <dialog
      ref={dialogRef}
      className="bulk-dialog"
      aria-labelledby={`${id}-title`}
      data-testid="bulk-dialog"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) close();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {asks && (
        <p className="bulk-hint" data-testid="bulk-asks">
          {t('live.bulkAsk.hint')}
        </p>
      )}
      {!applied && <BulkEditForm form={form} target={dialog.target} asks={asks} onChange={change} />}
      {missing && (
        <p className="bulk-missing" role="alert">
          {t(missing)}
        </p>
      )}
      {failure && (
        <p className="bulk-missing" role="alert">
          {failure.problem ? problemText({ ...failure, problem: failure.problem }) : failure.message}
        </p>
      )}
      {preview && !applied && <BulkPreviewTable rows={preview.rows} />}
      {draftsResult && (
        <p role="status" className="bulk-done" data-testid="bulk-drafts-result">
          {t('bulk.draftsSaved', { count: draftsResult.saved.length })}
        </p>
      )}
      {job && <BulkJobProgress job={job} />}
      {asking && <BulkAskProgress asking={asking} />}
      <div className="bulk-actions">
        {applied ? (
          <button type="button" className="primary" onClick={close} disabled={asking?.running}>
            {t('bulk.close')}
          </button>
        ) : (
          <>
            <button type="button" onClick={close} disabled={busy}>
              {t('bulk.cancel')}
            </button>
            <button type="button" onClick={showPreview} disabled={busy}>
              {t('bulk.preview')}
            </button>
            <button
              type="button"
              className="primary"
              disabled={busy || !preview || changing === 0}
              onClick={() => void useBulkStore.getState().apply()}
            >
              {!preview
                ? t(asks ? 'live.bulkAsk.apply' : 'bulk.apply')
                : preview.asks
                  ? t('live.bulkAsk.applyCount', { count: changing })
                  : dialog.target === 'drafts'
                    ? t('bulk.applyDrafts', { count: changing })
                    : t('bulk.applyCount', { count: changing })}
            </button>
          </>
        )}
      </div>
    </dialog>
  );
}

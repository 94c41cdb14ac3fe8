import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSIENT_MS, useTransient } from '../../components/useTransient';
import type { DraftListRow } from '../../../shared/domain/drafts';
import type { PublishStartResult } from '../../../shared/domain/publishing';
import { useDraftsStore } from '../../store/drafts-store';
import { useShopStore } from '../../store/shop-store';
import { MoveAccountDialog } from './MoveAccountDialog';
import { useImprintGate } from '../imprint/use-imprint-gate';
import { ChangeButton } from '../bulk/ChangeButton';
import { ExportButton } from '../export/ExportDialog';
import { ScheduleSelection } from '../schedule/ScheduleSelection';

/** What the last bulk Publish did: how many started, and each refused draft with why. */
function PublishOutcome({
  results,
  items,
  onDone,
}: {
  results: PublishStartResult[];
  items: DraftListRow[];
  onDone(): void;
}) {
  const { t } = useTranslation();
  const started = results.filter((result) => result.jobId).length;
  const refused = results.filter((result) => result.error);
  // Focus comes here after Publish (its button goes with the selection); all started: it goes by
  // itself, refusals stay until read.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [results]);
  const pause = useTransient(refused.length > 0 ? null : TRANSIENT_MS, onDone, results);
  const titleOf = (id: string) => items.find((item) => item.id === id)?.title.trim() || t('publish.untitled');
  return (
    <div
      className={refused.length > 0 ? 'drafts-publish-outcome refused' : 'drafts-publish-outcome'}
      role="status"
      ref={box}
      tabIndex={-1}
      data-testid="drafts-publish-outcome"
      {...pause}
    >
      {started > 0 && <p>{t('publish.bulk.started', { count: started })}</p>}
      {refused.length > 0 && (
        <>
          <p>{t('publish.bulk.refused', { count: refused.length })}</p>
          <ul>
            {refused.map((result) => (
              <li key={result.draftId}>
                <strong>{titleOf(result.draftId)}</strong>:{' '}
                {result.error!.problem === 'not-publishable' ? (
                  <>
                    {t('publish.bulk.notComplete')}{' '}
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => useDraftsStore.getState().open(result.draftId)}
                    >
                      {t('publish.bulk.open')}
                    </button>
                  </>
                ) : result.error!.problem === 'already-on-service' ? (
                  t('publish.bulk.alreadyOnService')
                ) : (
                  result.error!.detail || result.error!.title
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <button type="button" onClick={onDone}>
        {t('publish.bulk.dismiss')}
      </button>
    </div>
  );
}

/** The account all of `ids` belong to, so the move offers another first; undefined when mixed. */
function sharedAccount(items: DraftListRow[], ids: string[]): string | null | undefined {
  const chosen = new Set(ids);
  const accounts = new Set(items.filter((item) => chosen.has(item.id)).map((item) => item.accountId));
  return accounts.size === 1 ? [...accounts][0] : undefined;
}

/** Asks before the trash is emptied: it cannot be undone. */
function EmptyTrashConfirm({ count, onDone }: { count: number; onDone(): void }) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  // The safe answer has focus, so a stray Enter deletes nothing.
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      className="drafts-confirm"
      role="alertdialog"
      aria-labelledby="drafts-confirm-text"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
    >
      <p id="drafts-confirm-text">{t('draftsList.emptyTrashConfirm', { count })}</p>
      <button
        type="button"
        className="danger"
        onClick={() => {
          onDone();
          void useDraftsStore.getState().emptyTrash();
        }}
      >
        {t('draftsList.emptyTrashYes')}
      </button>
      <button type="button" ref={cancel} onClick={onDone}>
        {t('common.cancel')}
      </button>
    </div>
  );
}

/** Select-all and what can be done with the selected drafts (or, in the trash, with the trash). */
export function DraftsListBar({ items, trash }: { items: DraftListRow[]; trash: boolean }) {
  const { t } = useTranslation();
  // Issue 37.4: a prepare desk's Publish asks another desk to approve.
  const asks = useShopStore((s) => s.status?.member === true && s.status.role === 'prepare');
  const selection = useDraftsStore((s) => s.selection);
  const trashCount = useDraftsStore((s) => s.result?.trashCount ?? 0);
  const { selectAll, clearSelection, duplicate, restore } = useDraftsStore.getState();
  const [confirming, setConfirming] = useState(false);
  const [published, setPublished] = useState<PublishStartResult[] | null>(null);
  // Issue 15.1: the drafts being moved to another account (kept, so the dialog plans them once).
  const [moving, setMoving] = useState<string[] | null>(null);
  const moveButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // Issue 26.2: an account without an imprint is asked for one before its first publish.
  const gate = useImprintGate();
  const publishSelected = async () => {
    const accountOf = (id: string) => items.find((item) => item.id === id)?.accountId;
    const results = await gate.publish(ids, accountOf);
    if (results.length > 0) setPublished(results);
    // Done with the selection: the bar's actions go (the drafts refused are named in the outcome).
    if (results.some((result) => result.jobId)) clearSelection();
  };
  const all = useRef<HTMLInputElement>(null);
  const emptyButton = useRef<HTMLButtonElement>(null);
  const closeConfirm = () => {
    setConfirming(false);
    // Back where the seller was (the button is disabled, so unfocusable, once the trash is empty).
    requestAnimationFrame(() => emptyButton.current?.focus());
  };
  // An action that empties the selection takes its buttons away: focus goes to "Select all".
  const thenRefocus = (run: Promise<void>) =>
    void run.then(() =>
      requestAnimationFrame(() => {
        if (document.activeElement === document.body || !document.activeElement) all.current?.focus();
      }),
    );
  const ids = [...selection];
  const every = items.length > 0 && ids.length === items.length;

  // Once the move dialog is gone, focus goes back to its button, or (the selection went with the
  // moved drafts) to "Select all".
  useEffect(() => {
    if (moving || !refocus.current) return;
    refocus.current = false;
    (moveButton.current ?? all.current)?.focus();
  }, [moving]);

  useEffect(() => {
    if (all.current) all.current.indeterminate = ids.length > 0 && !every;
  }, [ids.length, every]);

  return (
    <>
      <div className="drafts-bar" role="toolbar" aria-label={t('draftsList.bulkLabel')}>
        <label className="drafts-all">
          <input
            ref={all}
            type="checkbox"
            checked={every}
            disabled={items.length === 0}
            onChange={(event) => selectAll(event.target.checked)}
          />
          <span>{t('draftsList.selectAll')}</span>
        </label>
        {ids.length > 0 && (
          <>
            <span className="drafts-count" aria-live="polite">
              {t('draftsList.selected', { count: ids.length })}
            </span>
            {trash ? (
              <button type="button" onClick={() => thenRefocus(restore(ids))}>
                {t('draftsList.restore')}
              </button>
            ) : (
              <>
                <button type="button" className="primary" onClick={() => void publishSelected()}>
                  {asks ? t('publish.editor.ask') : t('publish.bulk.publish')}
                </button>
                <button type="button" onClick={() => thenRefocus(duplicate(ids))}>
                  {t('draftsList.duplicate')}
                </button>
                <ExportButton kind="drafts" ids={ids} label={t('exportTemplates.export.openSelected')} />
                <ChangeButton target="drafts" ids={ids} />
                <ScheduleSelection ids={ids} items={items} />
                <button type="button" ref={moveButton} onClick={() => setMoving(ids)}>
                  {t('accountsApart.bar.move')}
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={() => thenRefocus(useDraftsStore.getState().trash(ids))}
                >
                  {t('draftsList.moveToTrash')}
                </button>
              </>
            )}
            <button
              type="button"
              className="drafts-link drafts-clear"
              aria-label={t('draftsList.clearSelection')}
              title={t('draftsList.clearSelection')}
              onClick={clearSelection}
            >
              ×
            </button>
          </>
        )}
        {trash && (
          <button
            ref={emptyButton}
            type="button"
            className="danger drafts-empty-trash"
            disabled={trashCount === 0 || confirming}
            onClick={() => setConfirming(true)}
          >
            {t('draftsList.emptyTrash')}
          </button>
        )}
      </div>
      {trash && confirming && <EmptyTrashConfirm count={trashCount} onDone={closeConfirm} />}
      {gate.dialog}
      {moving && !trash && (
        <MoveAccountDialog
          ids={moving}
          fromAccountId={sharedAccount(items, moving)}
          onClose={() => {
            refocus.current = true;
            setMoving(null);
          }}
        />
      )}
      {published && !trash && (
        <PublishOutcome
          results={published}
          items={items}
          onDone={() => {
            // Dismissed from inside: focus goes back to the bar instead of the page.
            const inside = document.activeElement?.closest('.drafts-publish-outcome');
            setPublished(null);
            if (inside) requestAnimationFrame(() => all.current?.focus());
          }}
        />
      )}
    </>
  );
}

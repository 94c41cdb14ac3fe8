import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useFocusAfterClose } from '../../../components/ConfirmDialog';
import { useListingsStore } from '../../../store/listings-store';
import { useFailureText } from './FailureNote';
import { useRoleGate } from '../../../components/RoleGate';
import { useAsksForLive } from '../../../store/approvals-store';
import { useLifecycleStore, type BulkRun } from './lifecycle-store';
import '../live.css';

const NAMED = 5;

/** The ticked listings, in list order, with their titles. */
function useTicked(): { uuid: string; title: string }[] {
  const selected = useListingsStore((s) => s.selectedUuids);
  const listings = useListingsStore((s) => s.state?.listings);
  return (listings ?? []).filter((l) => selected.has(l.uuid)).map(({ uuid, title }) => ({ uuid, title }));
}

/**
 * Delete…, Pause and Resume for the ticked listings (in the selection bar). Delete asks first,
 * naming the ads; each action then runs ad after ad (BulkLifecycleResults shows how far it is). On
 * a desk that must ask (issue 37.4) each reads "Ask to …" and makes one request per ad instead.
 */
export function BulkLifecycleActions() {
  const { t } = useTranslation();
  const ticked = useTicked();
  const running = useLifecycleStore((s) => s.bulk?.running ?? false);
  const [asking, setAsking] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusAfterClose();
  const asks = useAsksForLive();
  const pauseGate = useRoleGate('pause', !asks);
  const resumeGate = useRoleGate('pause', !asks);
  const endGate = useRoleGate('end', !asks);
  if (ticked.length === 0) return null;
  const run = (action: BulkRun['action']) => void useLifecycleStore.getState().runBulk(action, ticked, asks);
  const word = (key: 'pause' | 'resume' | 'delete') =>
    t(asks ? `lifecycle.ask.${key}` : `lifecycle.bulk.${key}`);
  const named = ticked.slice(0, NAMED);
  return (
    <>
      {pauseGate.wrap(
        <button
          type="button"
          onClick={pauseGate.guard(() => run('PAUSED'))}
          disabled={running}
          {...pauseGate.control()}
        >
          {word('pause')}
        </button>,
      )}
      {resumeGate.wrap(
        <button
          type="button"
          onClick={resumeGate.guard(() => run('RESUMED'))}
          disabled={running}
          {...resumeGate.control()}
        >
          {word('resume')}
        </button>,
      )}
      {endGate.wrap(
        <button
          type="button"
          className="danger"
          ref={deleteButton}
          onClick={endGate.guard(() => setAsking(true))}
          disabled={running}
          {...endGate.control()}
        >
          {word('delete')}
        </button>,
      )}
      {asking && (
        <ConfirmDialog
          title={t(asks ? 'lifecycle.bulk.askDeleteTitle' : 'lifecycle.bulk.deleteTitle', {
            count: ticked.length,
          })}
          body={
            <>
              <p>{t('lifecycle.bulk.deleteWhat')}</p>
              <ul className="lifecycle-named">
                {named.map((listing) => (
                  <li key={listing.uuid}>{listing.title}</li>
                ))}
                {ticked.length > NAMED && (
                  <li>{t('lifecycle.bulk.more', { count: ticked.length - NAMED })}</li>
                )}
              </ul>
              <p>{t('lifecycle.bulk.deleteDraft')}</p>
              {asks && <p>{t('lifecycle.bulk.askDeleteNote')}</p>}
            </>
          }
          confirmLabel={t(asks ? 'lifecycle.bulk.askDeleteConfirm' : 'lifecycle.bulk.deleteConfirm', {
            count: ticked.length,
          })}
          danger
          onConfirm={() => {
            setAsking(false);
            run('delete');
          }}
          onCancel={() => {
            setAsking(false);
            focusLater(deleteButton.current);
          }}
        />
      )}
    </>
  );
}

const ACTION_WORD = { delete: 'actionDelete', PAUSED: 'actionPause', RESUMED: 'actionResume' } as const;

/** How far a bulk action is, and then its result per ad; focus comes here when it starts. */
export function BulkLifecycleResults() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const bulk = useLifecycleStore((s) => s.bulk);
  const box = useRef<HTMLDivElement>(null);
  const runId = bulk?.id;
  useEffect(() => {
    // The selection bar may go away with the deleted ads: focus must not be lost with it.
    if (runId !== undefined) box.current?.focus();
  }, [runId]);
  if (!bulk) return null;
  const action = t(`lifecycle.bulk.${ACTION_WORD[bulk.action]}`);
  const ok = bulk.results.filter((r) => r.ok).length;
  const failed = bulk.results.some((r) => !r.ok);
  return (
    <div
      className={`banner lifecycle-bulk${failed && !bulk.running ? ' warning' : ''}`}
      tabIndex={-1}
      ref={box}
      data-testid="lifecycle-bulk"
    >
      <p role="status" data-testid="lifecycle-bulk-status">
        {bulk.asks
          ? bulk.running
            ? t('lifecycle.bulk.askProgress', { done: bulk.results.length, total: bulk.total })
            : t('lifecycle.bulk.askFinished', { count: ok, total: bulk.total })
          : bulk.running
            ? t('lifecycle.bulk.progress', { action, done: bulk.results.length, total: bulk.total })
            : t('lifecycle.bulk.finished', { action, ok, total: bulk.total })}
      </p>
      {bulk.results.length > 0 && (
        <ul aria-label={t('lifecycle.bulk.resultsLabel')}>
          {bulk.results.map((result) => (
            <li key={result.uuid} className={result.ok ? undefined : 'lifecycle-failed'}>
              {result.title}:{' '}
              {result.ok
                ? t(bulk.asks ? 'lifecycle.bulk.askedOne' : 'lifecycle.bulk.ok')
                : result.none
                  ? t('lifecycle.bulk.noPublications')
                  : failureText(result.failure!, bulk.action === 'delete' ? 'delete' : 'state')}
            </li>
          ))}
        </ul>
      )}
      {!bulk.running && (
        <button type="button" onClick={() => useLifecycleStore.getState().dismissBulk()}>
          {t('lifecycle.bulk.close')}
        </button>
      )}
    </div>
  );
}

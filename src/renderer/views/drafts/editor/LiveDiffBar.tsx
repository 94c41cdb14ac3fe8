import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../../../../shared/domain/drafts';
import type { DraftLiveDiff, LiveDiffRow } from '../../../../shared/domain/live';
import { call } from '../../../ipc/client';
import { useAppStore } from '../../../store/app-store';
import { useEditorStore } from '../../../store/editor-store';
import { useListingsStore } from '../../../store/listings-store';
import { LiveCompare } from './LiveCompare';

// Typing goes on for a while; the service is asked once the draft has been still this long.
const CHECK_AFTER_MS = 700;

/** The words for what differs: field names, photos to add or remove, the order. */
function useDiffWords() {
  const { t } = useTranslation();
  return (diff: DraftLiveDiff) => {
    const parts = diff.fields.map((field) => t(`live.compare.field_name.${field}`, { defaultValue: field }));
    if (diff.photos.added > 0) parts.push(t('live.draft.photosAdded', { count: diff.photos.added }));
    if (diff.photos.removed > 0) parts.push(t('live.draft.photosRemoved', { count: diff.photos.removed }));
    if (diff.photos.reordered) parts.push(t('live.draft.photosReordered'));
    return parts.join(', ');
  };
}

/** For a draft linked to a live listing: whether they differ, and publishing the difference as an update. */
export function LiveDiffBar({ draft }: { draft: Draft }) {
  const { t } = useTranslation();
  const words = useDiffWords();
  const [diff, setDiff] = useState<DraftLiveDiff | null>(null);
  const [busy, setBusy] = useState<'check' | 'push' | 'unlink' | 'pick' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pushed, setPushed] = useState(false);
  const { id, updatedAt, photos } = draft;

  const check = useCallback(async () => {
    setBusy('check');
    try {
      setDiff(await call('drafts:live-diff', { id }));
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  }, [id]);

  useEffect(() => {
    const timer = setTimeout(() => void check(), CHECK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [check, updatedAt, photos]);

  const run = async (kind: 'push' | 'unlink' | { row: LiveDiffRow; pick: 'live' | 'draft' }) => {
    setBusy(typeof kind === 'string' ? kind : 'pick');
    setError(null);
    setPushed(false);
    try {
      if (!(await useEditorStore.getState().flush())) return;
      if (kind === 'push') {
        setDiff(await call('drafts:push-changes', { id }));
        setPushed(true);
      } else if (typeof kind === 'object') {
        const field = kind.row.field as Parameters<typeof call<'drafts:live-resolve'>>[1]['field'];
        setDiff(await call('drafts:live-resolve', { id, field, pick: kind.pick }));
        // A pick of the live value changed the draft: the editor shows it.
        await useEditorStore.getState().refresh([id]);
      } else {
        await call('drafts:unlink', { id });
        await useEditorStore.getState().refresh([id]);
      }
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  };

  const showLive = () => {
    const uuid = draft.remote?.listingUuid;
    if (!uuid) return;
    useAppStore.getState().navigate('listings');
    void useListingsStore.getState().open(uuid);
  };

  let text = t('live.draft.checking');
  if (error) text = t('live.draft.unknown', { message: error });
  else if (diff?.state === 'same') text = pushed ? t('live.draft.pushed') : t('live.draft.same');
  else if (diff?.state === 'differs') text = t('live.draft.differs', { what: words(diff) });
  else if (diff?.state === 'gone') text = t('live.draft.gone');
  else if (diff?.state === 'unknown')
    text = t('live.draft.unknown', { message: diff.problem?.message ?? '' });

  const conflicts = diff?.rows.filter((row) => row.way === 'conflict').length ?? 0;
  const fromLive = (diff?.fromLive ?? []).map((field) =>
    t(`live.compare.field_name.${field}`, { defaultValue: field }),
  );

  return (
    <div className="live-diff" role="status" data-state={diff?.state ?? 'checking'}>
      <span>{text}</span>
      {fromLive.length > 0 && (
        <span className="live-diff-note">{t('live.compare.fromLive', { fields: fromLive.join(', ') })}</span>
      )}
      {diff?.state === 'differs' && (
        <LiveCompare diff={diff} busy={busy !== null} onPick={(row, pick) => void run({ row, pick })} />
      )}
      {diff?.state === 'differs' && conflicts > 0 && (
        <span className="live-diff-note">{t('live.compare.conflictsBlock', { count: conflicts })}</span>
      )}
      {diff?.state === 'differs' && (
        <button
          type="button"
          className="primary"
          disabled={busy !== null || conflicts > 0}
          onClick={() => void run('push')}
        >
          {busy === 'push' ? t('live.draft.pushing') : t('live.draft.push')}
        </button>
      )}
      {diff?.state === 'gone' && (
        <button type="button" disabled={busy !== null} onClick={() => void run('unlink')}>
          {t('live.draft.unlink')}
        </button>
      )}
      {(error || diff?.state === 'unknown') && (
        <button type="button" disabled={busy !== null} onClick={() => void check()}>
          {t('live.draft.retry')}
        </button>
      )}
      {diff?.state !== 'gone' && (
        <button type="button" className="link-button" onClick={showLive}>
          {t('live.draft.openLive')}
        </button>
      )}
    </div>
  );
}

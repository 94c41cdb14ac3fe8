import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../../../../shared/domain/draft';
import type { DraftLiveDiff } from '../../../../shared/domain/live';
import { call } from '../../../ipc/client';
import { useAppStore } from '../../../store/app-store';
import { useEditorStore } from '../../../store/editor-store';
import { useListingsStore } from '../../../store/listings-store';

// Typing goes on for a while; the service is asked once the draft has been still this long.
const CHECK_AFTER_MS = 700;

/** The words for what differs: field names, photos to add or remove, the order. */
function useDiffWords() {
  const { t } = useTranslation();
  return (diff: DraftLiveDiff) => {
    const parts = diff.fields.map((field) => t(`live.fields.${field}`, { defaultValue: field }));
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
  const [busy, setBusy] = useState<'check' | 'push' | 'unlink' | null>(null);
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

  const run = async (kind: 'push' | 'unlink') => {
    setBusy(kind);
    setError(null);
    setPushed(false);
    try {
      if (!(await useEditorStore.getState().flush())) return;
      if (kind === 'push') {
        setDiff(await call('drafts:push-changes', { id }));
        setPushed(true);
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

  return (
    <div className="live-diff" role="status" data-state={diff?.state ?? 'checking'}>
      <span>{text}</span>
      {diff?.state === 'differs' && (
        <button type="button" className="primary" disabled={busy !== null} onClick={() => void run('push')}>
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

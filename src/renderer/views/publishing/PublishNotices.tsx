import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { stateMeaning } from '../../../shared/domain/publishing';
import { FailedReason } from '../../lazy/inner-parts';
import { TestBadge, useIsTestAccount } from '../../components/TestService';
import { TRANSIENT_MS, useTransient } from '../../components/useTransient';
import { useAppStore } from '../../store/app-store';
import { useApprovalsStore, type ApprovalNotice } from '../../store/approvals-store';
import { useDraftsStore } from '../../store/drafts-store';
import { usePublishStore, type ShownNotice } from '../../store/publish-store';
import { useJobWords } from './job-words';
import './publishing.css';

function Notice({ notice }: { notice: ShownNotice }) {
  const { t } = useTranslation();
  const words = useJobWords();
  const { dismissNotice } = usePublishStore.getState();
  const live = notice.kind === 'live';
  // In a shop, a job another desk ran for this one failed: said here, as a rejection is.
  const failed = notice.kind === 'failed';
  // A live ad's message goes after a while; a rejection stays until the seller has read it.
  const pause = useTransient(live ? TRANSIENT_MS : null, () => dismissNotice(notice.key), notice.key);
  const title = words.title(notice.title);
  const test = useIsTestAccount(notice.accountId);
  return (
    <div
      className={live ? 'publish-notice' : 'publish-notice rejected'}
      data-testid="publish-notice"
      {...pause}
    >
      <p>
        <strong>
          {t(
            live
              ? 'publish.notice.live'
              : failed
                ? 'publish.notice.failed'
                : stateMeaning(notice.actualState) === 'rejected'
                  ? 'publish.notice.rejected'
                  : 'publish.notice.needsSeller',
            { title },
          )}
        </strong>
        <TestBadge accountId={notice.accountId} />
      </p>
      {live && notice.adId !== null && (
        <p className="small">{t('publish.notice.liveAd', { adId: notice.adId })}</p>
      )}
      {test && <p className="small">{t('testService.notice')}</p>}
      {failed && (
        // The service's words load with it (a chunk of their own: the tray is part of every view).
        <Suspense fallback={<p className="small">{notice.reason ?? ''}</p>}>
          <FailedReason notice={notice} />
        </Suspense>
      )}
      {!live && !failed && (
        <p className="small">
          {notice.reason ? t('publish.reason', { reason: notice.reason }) : notice.actualState}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            useAppStore.getState().navigate('publishing');
            dismissNotice(notice.key);
          }}
        >
          {t('publish.notice.show')}
        </button>
        <button type="button" onClick={() => dismissNotice(notice.key)}>
          {t('publish.notice.dismiss')}
        </button>
      </div>
    </div>
  );
}

const openDraft = (id: string) => {
  useDraftsStore.getState().open(id);
  useAppStore.getState().navigate('drafts');
};

/** What became of this desk's request (issue 37.4), in main's words; stays until dismissed. */
function ApprovalNews({ notice }: { notice: ApprovalNotice }) {
  const { t } = useTranslation();
  const { dismissNotice } = useApprovalsStore.getState();
  const approved = notice.state === 'approved';
  return (
    <div className={approved ? 'publish-notice' : 'publish-notice rejected'} data-testid="approval-notice">
      <p>
        <strong>{notice.text}</strong>
      </p>
      <div className="actions">
        {notice.draftId !== null && (
          <button
            type="button"
            onClick={() => {
              if (notice.draftId !== null) openDraft(notice.draftId);
              dismissNotice(notice.key);
            }}
          >
            {t('approvalsNav.show')}
          </button>
        )}
        <button type="button" onClick={() => dismissNotice(notice.key)}>
          {t('approvalsNav.dismiss')}
        </button>
      </div>
    </div>
  );
}

/**
 * Messages of ads that went live, were rejected or failed on another desk, stacked in the bottom-left corner over the
 * sidebar's empty part (publishing.css): they never cover the view's controls or lists.
 */
export function PublishNotices() {
  const { t } = useTranslation();
  const notices = usePublishStore((s) => s.notices);
  const news = useApprovalsStore((s) => s.notices);
  return (
    <section className="publish-notices" aria-label={t('publish.notice.region')} aria-live="polite">
      {notices.map((notice) => (
        <Notice key={notice.key} notice={notice} />
      ))}
      {news.map((notice) => (
        <ApprovalNews key={`approval-${notice.key}`} notice={notice} />
      ))}
    </section>
  );
}

import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stateMeaning } from '../../../shared/domain/publishing';
import type { PublishJobView } from '../../../shared/domain/publishing';
import { serviceMessage } from '../../../shared/service-messages';
import { useMessageLanguage } from '../../components/problem-text';
import { ServiceDetails } from '../../components/ServiceDetails';
import { TestBadge } from '../../components/TestService';
import { useAppStore } from '../../store/app-store';
import { useDraftsStore } from '../../store/drafts-store';
import { usePublishStore } from '../../store/publish-store';
import { ConfirmRetryDialog } from './ConfirmRetryDialog';
import { JobHistory } from './JobHistory';
import { useJobWords } from './job-words';

const cancellable = new Set(['queued', 'running', 'waiting', 'failed']);
const retryable = new Set(['failed', 'cancelled']);
// A job waiting for its account to sign in: Retry checks the account again at once.
const signInWait = (job: PublishJobView) => job.error?.problem === 'account-cannot-sign-in';
// In a shop, a job another desk runs is stopped there, not from here.
const runsElsewhere = (job: PublishJobView) =>
  job.desk !== undefined && job.desk.runner !== null && !job.desk.here && job.state === 'running';

/** Each photo's upload, while the photos are being sent. */
function PhotoProgress({ job }: { job: PublishJobView }) {
  const { t } = useTranslation();
  const words = useJobWords();
  return (
    <ul className="job-photos">
      {job.photos.map((photo) => (
        <li key={photo.photoId} data-state={photo.state}>
          <span className="job-photo-name" title={photo.name}>
            {photo.name}
          </span>
          <progress
            max={Math.max(1, photo.bytesTotal)}
            value={photo.bytesDone}
            aria-label={t('publish.photoLabel', { name: photo.name })}
          />
          <span className="job-photo-state">
            {photo.state === 'uploading'
              ? words.bytes(photo.bytesDone, photo.bytesTotal)
              : t(`publish.photo.${photo.state}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Why the job stopped or waits, in the seller's words (the sentence of the spec's error row when
 * there is one), what to do, and the service's own words under "Details".
 */
function JobErrorBox({ job }: { job: PublishJobView }) {
  const { t } = useTranslation();
  const words = useJobWords();
  const language = useMessageLanguage();
  const error = job.error;
  if (!error) return null;
  const waiting = job.state === 'waiting';
  const seller = words.signIn(error) ?? words.shopWait(error) ?? serviceMessage(error, language);
  const general = t(`problems.${error.problem}`, { defaultValue: '', status: error.status ?? '' });
  const text = seller?.what ?? (general || error.detail);
  // The service's detail is not repeated when the message shown already quotes it.
  const detail = error.serviceDetail && !text.includes(error.serviceDetail) ? error.serviceDetail : undefined;
  return (
    <div className={waiting ? 'job-error waiting' : 'job-error'} role={waiting ? 'status' : 'alert'}>
      <p>
        <strong>
          {seller?.title ?? t(`publish.problemTitle.${error.problem}`, { defaultValue: error.title })}
        </strong>
        : {text}
      </p>
      <p>
        {/* An error with params (e.g. the photo and sizes of a 413 at the floor) has words of its own. */}
        {(error.params && !words.signIn(error) && words.whatToDo(error)) ||
          seller?.todo ||
          words.whatToDo(error)}
        {job.nextAttemptAt && waiting && (
          <> {t('publish.nextTry', { time: words.time(job.nextAttemptAt) })}</>
        )}
      </p>
      <ServiceDetails
        status={error.status}
        title={error.serviceTitle}
        detail={detail}
        message={text === error.detail || seller ? undefined : error.detail}
      />
    </div>
  );
}

const TAKEN_DOWN = new Set(['sold', 'deleted', 'gone']);

/** What became of the ad after the job (issue 23.5): sold, paused, gone from the service… */
function LaterNote({ job }: { job: PublishJobView }) {
  const { t } = useTranslation();
  const words = useJobWords();
  const later = job.later;
  if (!later || job.supersededBy) return null;
  const state = words.state(job.actualState);
  return (
    <p className={`job-later later-${later.outcome}`} data-testid="job-later">
      {t(`publish.later.note.${later.outcome}`, { time: words.time(later.at), state })}
    </p>
  );
}

/** One draft being (or having been) published: its step, progress, state, errors and actions. */
export const JobCard = memo(function JobCard({ job }: { job: PublishJobView }) {
  const { t } = useTranslation();
  const words = useJobWords();
  const title = words.title(job.title);
  const desk = words.desk(job);
  const sending = job.step === 'photos' && (job.state === 'running' || job.state === 'waiting');
  const later = job.supersededBy ? null : (job.later ?? null);
  // An ad taken down has no state on the service any more.
  const showStates =
    job.step === 'live' &&
    (job.state === 'tracking' || job.actualState !== null) &&
    !TAKEN_DOWN.has(later?.outcome ?? '');
  const openDraft = () => {
    useDraftsStore.getState().open(job.draftId);
    useAppStore.getState().navigate('drafts');
  };
  const retryButton = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const retry = async (confirmDuplicateRisk = false) => {
    const outcome = await usePublishStore.getState().retry(job.id, confirmDuplicateRisk);
    if (outcome === 'needs-confirmation') setConfirming(true);
  };
  const openButton = useRef<HTMLButtonElement>(null);
  const closeConfirm = () => {
    setConfirming(false);
    // Back to the button the question came from (it stays while the job has not moved on).
    requestAnimationFrame(() => retryButton.current?.focus());
  };
  return (
    <article
      className={`job-card job-${job.state}${later ? ` later-${later.outcome}` : ''}`}
      aria-label={title}
      data-job-id={job.id}
    >
      <header className="job-head">
        <h2>{title}</h2>
        <span
          className={`job-state state-${job.supersededBy ? 'superseded' : later ? `later-${later.outcome}` : job.state}`}
          data-testid="job-state"
        >
          {job.supersededBy
            ? t('publish.superseded.badge')
            : later
              ? t(`publish.later.badge.${later.outcome}`)
              : words.badge(job)}
        </span>
        <TestBadge accountId={job.accountId} />
        {job.adId !== null && <span className="job-ad">{t('publish.adId', { adId: job.adId })}</span>}
      </header>
      {desk && (
        <p className="muted small job-desk" data-testid="job-desk">
          {desk}
        </p>
      )}
      <div className="job-progress">
        <span className="job-step">
          {job.state !== 'published'
            ? t(`publish.step.${job.step}`)
            : later
              ? t('publish.later.published')
              : t('publish.state.published')}
        </span>
        <progress
          max={job.stepsTotal}
          value={job.stepsDone}
          aria-label={t('publish.stepsLabel', { title })}
        />
        <span className="muted small">
          {t('publish.steps', { done: job.stepsDone, total: job.stepsTotal })}
        </span>
        {job.bytesTotal > 0 && (
          <>
            <span className="job-step muted small">{words.bytes(job.bytesDone, job.bytesTotal)}</span>
            <progress
              className="job-bytes"
              max={job.bytesTotal}
              value={job.bytesDone}
              aria-label={t('publish.bytesLabel', { title })}
            />
            <span />
          </>
        )}
      </div>
      {sending && <PhotoProgress job={job} />}
      {showStates && (
        <p className="muted small job-states" data-testid="job-service-state">
          {job.requestedState === null || stateMeaning(job.requestedState) === 'live'
            ? t('publish.states', { actual: words.state(job.actualState) })
            : t('publish.statesAsked', {
                actual: words.state(job.actualState),
                requested: words.state(job.requestedState),
              })}
          {job.state === 'tracking' && job.nextAttemptAt && (
            <> · {t('publish.nextRead', { time: words.time(job.nextAttemptAt) })}</>
          )}
        </p>
      )}
      {job.state === 'rejected' && stateMeaning(job.actualState) === 'rejected' && (
        <div className="job-error" role="alert">
          {job.rejectionReason && <p>{t('publish.reason', { reason: job.rejectionReason })}</p>}
          <p>{t('publish.rejectedHelp')}</p>
        </div>
      )}
      {job.state === 'rejected' && stateMeaning(job.actualState) !== 'rejected' && (
        <div className="job-error" role="alert" data-testid="job-needs-seller">
          <p>
            <strong>{t('publish.needsSellerTitle', { state: job.actualState ?? '–' })}</strong>
          </p>
          {job.rejectionReason && <p>{t('publish.reason', { reason: job.rejectionReason })}</p>}
          <p>{t('publish.needsSellerHelp')}</p>
        </div>
      )}
      <LaterNote job={job} />
      {job.supersededBy ? (
        <p className="muted small" data-testid="job-superseded">
          {t('publish.superseded.note')}
        </p>
      ) : (
        <JobErrorBox job={job} />
      )}
      <JobHistory job={job} />
      <footer className="job-actions">
        <button type="button" className="link-button" ref={openButton} onClick={openDraft}>
          {t('publish.openDraft')}
        </button>
        {signInWait(job) && (
          <button type="button" onClick={() => useAppStore.getState().navigate('settings')}>
            {t('publish.signIn.checkAccount')}
          </button>
        )}
        {(retryable.has(job.state) || signInWait(job)) && !job.supersededBy && (
          <button type="button" ref={retryButton} onClick={() => void retry()}>
            {t('publish.retry')}
          </button>
        )}
        {job.state === 'rejected' && (
          <button type="button" onClick={() => void usePublishStore.getState().retry(job.id)}>
            {t('publish.checkAgain')}
          </button>
        )}
        {cancellable.has(job.state) && !runsElsewhere(job) && (
          <button
            type="button"
            className="danger"
            onClick={() => void usePublishStore.getState().cancel(job.id)}
          >
            {t('publish.cancel')}
          </button>
        )}
      </footer>
      {confirming && (
        <ConfirmRetryDialog
          title={title}
          onClose={closeConfirm}
          onConfirm={() => {
            setConfirming(false);
            // Retry is gone once the job runs again: focus stays in this card instead of the page.
            requestAnimationFrame(() => openButton.current?.focus());
            void retry(true);
          }}
        />
      )}
    </article>
  );
});

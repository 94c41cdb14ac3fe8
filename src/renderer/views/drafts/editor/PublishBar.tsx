import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../../../../shared/domain/drafts';
import { isOpenJobState } from '../../../../shared/domain/publishing';
import { serviceMessage } from '../../../../shared/service-messages';
import { useMessageLanguage } from '../../../components/problem-text';
import { TestBadge } from '../../../components/TestService';
import { useAccountsStore } from '../../../store/accounts-store';
import { useAppStore } from '../../../store/app-store';
import { useEditorStore } from '../../../store/editor-store';
import { useShopStore } from '../../../store/shop-store';
import { latestRequestOf, useApprovalsStore } from '../../../store/approvals-store';
import { jobsOfDraft, usePublishStore } from '../../../store/publish-store';
import { LiveDiffBar } from './LiveDiffBar';
import { DraftPreviewButton } from '../../preview/PreviewButton';
import { useImprintGate } from '../../imprint/use-imprint-gate';
import { useJobWords } from '../../publishing/job-words';

/**
 * Publish this draft: what is typed is saved first (the job works on the draft as saved), and the
 * bar then follows the draft's job: its step while it runs, the ad id once live.
 */
export function PublishBar({
  draft,
  issueCount,
  onNotReady,
}: {
  draft: Draft;
  issueCount: number;
  /** Publish pressed while something is missing (the button stays focusable to say so). */
  onNotReady(): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Issue 37.4: a prepare desk's Publish asks another desk to approve (the database decides).
  const asks = useShopStore((s) => s.status?.member === true && s.status.role === 'prepare');
  const [asked, setAsked] = useState(false);
  // The draft's newest request, when another desk sent it back: its note stays beside Ask to publish.
  const sentBack = useApprovalsStore((s) => {
    const request = s.member ? latestRequestOf(s.requests, draft.id) : undefined;
    return request?.state === 'sent-back' ? request : undefined;
  });
  const job = usePublishStore((s) => jobsOfDraft(s.jobs, s.order, draft.id)[0]);
  // Issue 26.2: an account without an imprint is asked for one before its first publish.
  const gate = useImprintGate();
  const words = useJobWords();
  const language = useMessageLanguage();
  const accountName = useAccountsStore((s) => s.state?.accounts.find((a) => a.id === job?.accountId)?.name);
  const signIn = words.signIn(job?.error ?? null);
  // Focus never falls to the page: after Publish it goes to the status line that says what
  // happened (or back to Publish when it was refused), and when the status line goes (the job
  // failed), back to Publish.
  const statusLine = useRef<HTMLDivElement>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'status' | 'publish' | null>(null);
  const statusFocused = useRef(false);
  useEffect(() => {
    if (statusFocused.current && !statusLine.current) {
      statusFocused.current = false;
      focusNext.current = 'publish';
    }
    const target = focusNext.current === 'status' ? statusLine.current : publishButton.current;
    if (focusNext.current === null || !target) return;
    focusNext.current = null;
    target.focus();
  });
  const follow = (
    <button
      type="button"
      className="link-button"
      onClick={() => useAppStore.getState().navigate('publishing')}
    >
      {t('publish.editor.follow')}
    </button>
  );

  const open = job !== undefined && isOpenJobState(job.state);
  if (open || draft.remote?.publicationUuid) {
    let line: string;
    // Waiting for the account says so, with why: the draft is not the problem.
    if (open && signIn)
      line = t('publish.signIn.editor', { account: accountName ?? '', reason: signIn.what });
    else if (open)
      line = t('publish.editor.publishing', {
        step: job.state === 'running' ? t(`publish.step.${job.step}`) : t(`publish.state.${job.state}`),
      });
    else if (draft.status !== 'published') line = `${t(`publish.state.${job?.state ?? 'failed'}`)}.`;
    else
      line = job?.adId != null ? t('publish.editor.live', { adId: job.adId }) : t('publish.editor.liveNoId');
    return (
      <>
        <div
          className="publish-bar"
          role="status"
          ref={statusLine}
          tabIndex={-1}
          data-testid="publish-status"
          onFocus={() => (statusFocused.current = true)}
          onBlur={() => (statusFocused.current = false)}
        >
          <span>{line}</span>
          {job?.desk && <span className="muted small">{words.desk(job)}</span>}
          <TestBadge accountId={draft.accountId} />
          {follow}
          <DraftPreviewButton draft={draft} />
        </div>
        {/* Stays while the publications are read again after an update, so its message stays too. */}
        {draft.remote?.listingUuid && draft.remote.publicationUuid && <LiveDiffBar draft={draft} />}
      </>
    );
  }

  const publish = async () => {
    setBusy(true);
    setRefusal(null);
    setAsked(false);
    try {
      const saved = await useEditorStore.getState().flush();
      if (!saved) return;
      const [result] = await gate.publish([draft.id], () => draft.accountId);
      if (result?.error) setRefusal(result.error.detail || result.error.title);
      if (result?.jobId) focusNext.current = 'status';
      if (result?.requestId) setAsked(true);
    } finally {
      focusNext.current ??= 'publish';
      setBusy(false);
    }
  };
  return (
    <div className="publish-bar">
      <button
        ref={publishButton}
        type="button"
        className="primary"
        disabled={busy}
        aria-disabled={issueCount > 0 || undefined}
        aria-describedby={issueCount > 0 ? 'publish-not-ready' : undefined}
        onClick={() => (issueCount > 0 ? onNotReady() : void publish())}
      >
        {asks ? t('publish.editor.ask') : t('publish.editor.publish')}
      </button>
      <DraftPreviewButton draft={draft} />
      {issueCount > 0 && (
        <span id="publish-not-ready" className="muted small">
          {t('publish.editor.notReady')}
        </span>
      )}
      {job?.state === 'failed' || job?.state === 'rejected' ? (
        <span className="field-error">
          {t(`publish.state.${job.state}`)}:{' '}
          {job.error
            ? (serviceMessage(job.error, language)?.title ??
              t(`publish.problemTitle.${job.error.problem}`, { defaultValue: job.error.title }))
            : (job.rejectionReason ?? job.actualState)}{' '}
          {follow}
        </span>
      ) : null}
      {sentBack && !asked && (
        <span className="field-error" data-testid="publish-sent-back">
          {t('publish.editor.sentBack', { desk: sentBack.decidedByName ?? '', note: sentBack.note ?? '' })}
        </span>
      )}
      {asked && (
        <span className="muted small" role="status">
          {t('publish.editor.asked')}
        </span>
      )}
      {refusal && (
        <span className="field-error" role="alert">
          {t('publish.editor.refused', { message: refusal })}
        </span>
      )}
      {gate.dialog}
    </div>
  );
}

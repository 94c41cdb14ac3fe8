// In a team (issue 37.3): a run the safety valve held waits for an owner desk. The newest held run
// offers Approve (disabled with the reason on a desk whose role may not), says what happens next in
// plain words once approved, and names who approved it. A lone desktop sees nothing of this.
import { useRef, useState, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { heldApprovable, type FeedRun } from '../../../shared/domain/feeds';
import { useDeskStanding, useRoleGate } from '../../components/RoleGate';
import { useFeedsStore } from '../../store/feeds-store';
import { useFeedWords } from './use-feed-words';

type Step =
  { kind: 'idle' | 'busy' } | { kind: 'approved'; here: boolean } | { kind: 'failed'; message: string };

export function FeedHeldApproval({ run, newest }: { run: FeedRun; newest: boolean }) {
  const { t } = useTranslation();
  const words = useFeedWords();
  const member = useDeskStanding().member;
  const feed = useFeedsStore((s) => s.feeds.find((entry) => entry.id === run.feedId));
  const gate = useRoleGate('approve-held');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const said = useRef<HTMLParagraphElement>(null);
  // The button goes once the run is approved: the keyboard's focus moves to what happens next.
  useEffect(() => {
    if (step.kind === 'approved') said.current?.focus();
  }, [step.kind]);
  if (!member) return null;
  if (run.approval)
    return (
      <div className="feed-approval" data-testid="feed-run-approval">
        <p>{t('feeds.history.approvedBy', { desk: run.approval.desk, time: words.time(run.approval.at) })}</p>
        {step.kind === 'approved' && (
          <p ref={said} tabIndex={-1} role="status" data-testid="feed-approval-next">
            {t(step.here ? 'feeds.history.approvedRunsHere' : 'feeds.history.approvedRunsElsewhere')}
          </p>
        )}
      </div>
    );
  if (run.state !== 'held' || !newest || !heldApprovable(run.held)) return null;
  const approve = async () => {
    setStep({ kind: 'busy' });
    try {
      await useFeedsStore.getState().approveHeld(run.feedId, run.id);
      setStep({ kind: 'approved', here: feed ? !feed.may.keyMissing : false });
    } catch (error) {
      setStep({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className="feed-approval" data-testid="feed-held-approval">
      <p>{t('feeds.history.approveAsk')}</p>
      {gate.wrap(
        <button
          type="button"
          className="primary"
          disabled={step.kind === 'busy'}
          onClick={gate.guard(approve)}
          {...gate.control()}
        >
          {t('feeds.history.approve')}
        </button>,
      )}
      {step.kind === 'failed' && (
        <p className="form-error" role="alert">
          {t('feeds.history.approveFailed', { message: step.message })}
        </p>
      )}
    </div>
  );
}

/** A feed whose access key or password this desk's keychain lacks: said, with how to add it here. */
export function FeedKeyMissing({ keyMissing }: { keyMissing: boolean }) {
  const { t } = useTranslation();
  if (!keyMissing) return null;
  return (
    <div className="banner warning stacked" role="note" data-testid="feed-key-missing">
      <p>
        <strong>{t('feeds.detail.keyMissingTitle')}</strong>
      </p>
      <p>{t('feeds.detail.keyMissingBody')}</p>
      <p>{t('feeds.detail.keyMissingTodo')}</p>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalView } from '../../../shared/domain/approvals';
import { useDates } from '../../i18n/use-dates';
import { useAccountsStore } from '../../store/accounts-store';
import { useApprovalsStore } from '../../store/approvals-store';
import { ApprovalDetail } from './ApprovalDetail';
import './approvals.css';

/** Waiting requests first (oldest first, as main lists them), then those decided lately, newest first. */
function ordered(requests: readonly ApprovalView[]): ApprovalView[] {
  const waiting = requests.filter((r) => r.state === 'waiting');
  const decided = requests
    .filter((r) => r.state !== 'waiting')
    .sort((a, b) => (b.decidedAt ?? b.askedAt).localeCompare(a.decidedAt ?? a.askedAt));
  return [...waiting, ...decided];
}

/**
 * The Approvals view (issue 37.4): the team's requests to publish or change ads, each picked from
 * the list and shown as buyers will see it, with who asked and when; a desk allowed to approve
 * approves it (exactly what is shown goes out) or sends it back with a note.
 */
export function ApprovalsView() {
  const { t } = useTranslation();
  const dates = useDates();
  const { member, requests, waiting, failure } = useApprovalsStore();
  const heading = useRef<HTMLHeadingElement>(null);
  const [picked, setPicked] = useState<string | null>(null);

  useEffect(() => {
    heading.current?.focus();
    void useApprovalsStore.getState().load();
    if (!useAccountsStore.getState().state) void useAccountsStore.getState().load();
  }, []);

  const list = ordered(requests);
  // The picked request, or the first one waiting: a decided request stays picked to say what became of it.
  const shown = list.find((r) => r.id === picked) ?? list[0];

  return (
    <div className="approvals-view">
      <header className="view-head">
        <div>
          <h1 tabIndex={-1} ref={heading}>
            {t('approvals.title')}
          </h1>
          <p className="muted">{t('approvals.intro')}</p>
        </div>
      </header>
      {failure && (
        <p className="banner error" role="alert">
          {t('approvals.failed', { message: failure })}
        </p>
      )}
      {!member ? (
        <p className="muted">{t('teamRoles.approvals.notInTeam')}</p>
      ) : (
        <>
          <p className="muted" role="status" data-testid="approvals-count">
            {t('teamRoles.approvals.waitingCount', { count: waiting })}
          </p>
          {list.length === 0 ? (
            <p className="muted">{t('teamRoles.approvals.none')}</p>
          ) : (
            <div className="approvals-split">
              <ul className="approvals-list" aria-label={t('approvals.listLabel')}>
                {list.map((request) => (
                  <li key={request.id}>
                    <button
                      type="button"
                      className="approvals-item"
                      aria-current={request.id === shown?.id ? 'true' : undefined}
                      data-testid="approval-item"
                      onClick={() => setPicked(request.id)}
                    >
                      <span className="approvals-item-title">
                        {request.ad.title || t('preview.untitled')}
                      </span>
                      <span className="muted small">
                        {t(`teamRoles.approvals.kind.${request.kind}`)} ·{' '}
                        {t('approvals.askedShort', {
                          desk: request.askedByName,
                          at: dates.dateTime(request.askedAt),
                        })}
                      </span>
                      <span className={`approvals-state state-${request.state}`}>
                        {t(`teamRoles.approvals.state.${request.state}`)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              {shown && <ApprovalDetail key={shown.id} request={shown} />}
            </div>
          )}
        </>
      )}
    </div>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewName } from '../../shared/ipc/types';
import { isOpenJobState } from '../../shared/domain/publishing';
import { useAppStore } from '../store/app-store';
import { useApprovalsStore } from '../store/approvals-store';
import { feedsNeedingSeller, useFeedsStore } from '../store/feeds-store';
import { needsSeller, usePublishStore } from '../store/publish-store';
import { useShopStore } from '../store/shop-store';
import { Icon } from './Icon';

const items: ViewName[] = ['drafts', 'listings', 'publishing', 'feeds', 'approvals', 'activity', 'settings'];

/** The app's navigation: one entry per view, reachable by keyboard. */
export function Sidebar() {
  const { t } = useTranslation();
  const view = useAppStore((s) => s.view);
  const navigate = useAppStore((s) => s.navigate);
  const openJobs = usePublishStore((s) => {
    let count = 0;
    for (const job of s.jobs.values()) if (isOpenJobState(job.state)) count += 1;
    return count;
  });
  // Goes down at once when a later Publish takes a failed job over (issue 15, F2).
  const waiting = usePublishStore((s) => {
    let count = 0;
    for (const job of s.jobs.values()) if (needsSeller(job)) count += 1;
    return count;
  });
  const feedsNeedYou = useFeedsStore((s) => feedsNeedingSeller(s.feeds));
  // Approvals are a team's (issue 37.4): the item shows while this desk is in one, with how many wait.
  const member = useShopStore((s) => s.status?.member === true);
  const approvalsWaiting = useApprovalsStore((s) => (s.member ? s.waiting : 0));
  useEffect(() => {
    void useApprovalsStore.getState().load();
  }, [member]);
  const shown = member ? items : items.filter((item) => item !== 'approvals');
  return (
    <nav className="sidebar" aria-label={t('app.navigation')}>
      <div className="brand">
        <img src="./icon.svg" alt="" width={28} height={28} />
        <span>{t('app.name')}</span>
      </div>
      <ul>
        {shown.map((item) => (
          <li key={item}>
            <button
              type="button"
              className="nav-item"
              aria-current={view === item ? 'page' : undefined}
              onClick={() => navigate(item)}
            >
              <Icon name={item} />
              <span>{t(`nav.${item}`)}</span>
              {item === 'publishing' && openJobs > 0 && (
                <span className="nav-count" aria-label={t('publish.batchOpen', { count: openJobs })}>
                  {openJobs}
                </span>
              )}
              {item === 'publishing' && waiting > 0 && (
                <span
                  className="nav-count nav-count-attention"
                  aria-label={t('publish.batchFailed', { count: waiting })}
                  data-testid="nav-needs-you"
                >
                  {waiting}
                </span>
              )}
              {item === 'approvals' && approvalsWaiting > 0 && (
                <span
                  className="nav-count nav-count-attention"
                  aria-label={t('approvalsNav.waiting', { count: approvalsWaiting })}
                  data-testid="nav-approvals-waiting"
                >
                  {approvalsWaiting}
                </span>
              )}
              {item === 'feeds' && feedsNeedYou > 0 && (
                <span
                  className="nav-count nav-count-attention"
                  aria-label={t('feeds.needYou', { count: feedsNeedYou })}
                  data-testid="nav-feeds-need-you"
                >
                  {feedsNeedYou}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

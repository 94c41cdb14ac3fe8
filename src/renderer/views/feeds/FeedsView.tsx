import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleGate } from '../../components/RoleGate';
import { EmptyState } from '../../components/EmptyState';
import { useAccountsStore } from '../../store/accounts-store';
import { useFeedsStore } from '../../store/feeds-store';
import { FeedDetail } from './FeedDetail';
import { FeedForm } from './FeedForm';
import { FeedList } from './FeedList';
import './feeds.css';

/**
 * The Feeds view (issue 25): the shop's stock files kept in step with the ads. One screen at a time
 * (the list, a feed, or the feed's form); each takes focus at its heading when it opens, so a
 * keyboard or screen-reader user starts at its top.
 */
export function FeedsView() {
  const { t } = useTranslation();
  const screen = useFeedsStore((s) => s.screen);
  const feeds = useFeedsStore((s) => s.feeds);
  const loaded = useFeedsStore((s) => s.loaded);
  const failure = useFeedsStore((s) => s.failure);
  const box = useRef<HTMLDivElement>(null);
  // Issue 37.2: a feed's settings are the owner's.
  const addGate = useRoleGate('feed-settings');

  useEffect(() => {
    // main's events reach the store from App.tsx; coming to the view reads the feeds again.
    void useFeedsStore.getState().load();
    if (!useAccountsStore.getState().state) void useAccountsStore.getState().load();
    // Back in the view on a feed: its plan and runs are read again (the file may have changed meanwhile).
    const shown = useFeedsStore.getState().screen;
    if (shown.kind === 'feed') useFeedsStore.getState().open(shown.id);
  }, []);

  const screenKey = screen.kind === 'feed' ? `feed:${screen.id}` : screen.kind;
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('[data-screen-heading]')?.focus();
  }, [screenKey]);

  return (
    <div className="feeds-view" ref={box}>
      {screen.kind === 'list' && (
        <>
          <header className="view-head">
            <div>
              <h1 tabIndex={-1} data-screen-heading>
                {t('feeds.title')}
              </h1>
              <p className="muted">{t('feeds.intro')}</p>
            </div>
            <div className="actions">
              {addGate.wrap(
                <button
                  type="button"
                  className="primary"
                  onClick={addGate.guard(() => useFeedsStore.getState().edit(null))}
                  {...addGate.control()}
                >
                  {t('feeds.add')}
                </button>,
                'end',
              )}
            </div>
          </header>
          {failure && (
            <p className="banner error" role="alert">
              {failure}
            </p>
          )}
          {loaded && feeds.length === 0 ? (
            <EmptyState icon="feeds" title={t('feeds.emptyTitle')} body={t('feeds.emptyBody')} />
          ) : (
            <FeedList />
          )}
        </>
      )}
      {screen.kind === 'feed' && <FeedDetail feedId={screen.id} />}
      {screen.kind === 'form' && <FeedForm feedId={screen.id} />}
    </div>
  );
}

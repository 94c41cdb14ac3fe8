import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, useFocusAfterClose } from '../../components/ConfirmDialog';
import { useRoleGate } from '../../components/RoleGate';
import { useAccountsStore } from '../../store/accounts-store';
import { useFeedsStore } from '../../store/feeds-store';
import { FeedHistory } from './FeedHistory';
import { FeedKeyMissing } from './FeedHeldApproval';
import { FeedPlanPanel } from './FeedPlanPanel';
import { FeedPriceRule } from './FeedPriceRule';
import { FeedProgressLine } from './FeedProgressLine';
import { useFeedWords } from './use-feed-words';

/** One feed: its settings in short, the plan of its next run (and the yes), progress, and history. */
export function FeedDetail({ feedId }: { feedId: string }) {
  const { t } = useTranslation();
  const words = useFeedWords();
  const feed = useFeedsStore((s) => s.feeds.find((entry) => entry.id === feedId));
  const runFailure = useFeedsStore((s) => s.runFailure[feedId]);
  const accounts = useAccountsStore((s) => s.state?.accounts ?? []);
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useFocusAfterClose();
  // Issue 37.2: a feed's settings are the owner's.
  const editGate = useRoleGate('feed-settings');
  const removeGate = useRoleGate('feed-settings');
  if (!feed) return null;
  const { back, edit, remove } = useFeedsStore.getState();
  const account = accounts.find((entry) => entry.id === feed.accountId)?.name ?? t('feeds.list.noAccount');

  return (
    <>
      <header className="view-head">
        <div>
          <button type="button" className="link-button" onClick={back}>
            {t('feeds.detail.back')}
          </button>
          <h1 tabIndex={-1} data-screen-heading>
            {feed.name}
          </h1>
        </div>
        <div className="feed-head-actions">
          {editGate.wrap(
            <button type="button" onClick={editGate.guard(() => edit(feed.id))} {...editGate.control()}>
              {t('feeds.detail.edit')}
            </button>,
            'end',
          )}
          {removeGate.wrap(
            <button
              type="button"
              className="danger"
              ref={removeButton}
              onClick={removeGate.guard(() => setAsking(true))}
              {...removeGate.control()}
            >
              {t('feeds.detail.remove')}
            </button>,
            'end',
          )}
        </div>
      </header>
      <section className="panel" aria-label={t('feeds.detail.settings')}>
        <dl className="facts feed-facts">
          <dt>{t('feeds.list.source')}</dt>
          <dd className="feed-source">{words.source(feed.source)}</dd>
          <dt>{t('feeds.list.account')}</dt>
          <dd>{account}</dd>
          <dt>{t('feeds.detail.reference')}</dt>
          <dd>{feed.referenceColumn ?? t('feeds.detail.ownReference')}</dd>
          <dt>{t('feeds.detail.stock')}</dt>
          <dd>{feed.stockColumn ?? t('feeds.detail.noStock')}</dd>
          <dt>{t('feeds.detail.gone')}</dt>
          <dd>{t(`feeds.gone.${feed.gone}`)}</dd>
          <dt>{t('feeds.detail.newRows')}</dt>
          <dd>{t(feed.publish ? 'feeds.detail.publish' : 'feeds.detail.draftsOnly')}</dd>
          <dt>{t('feeds.list.schedule')}</dt>
          <dd>{words.schedule(feed)}</dd>
          <dt>{t('feeds.detail.variants')}</dt>
          <dd>{t(`feeds.detail.variantsTo.${feed.variants ?? 'group'}`)}</dd>
          <dt>{t('feeds.detail.details')}</dt>
          <dd>{t(`feeds.detail.detailsTo.${feed.productDetails ?? 'attributes'}`)}</dd>
          {feed.allowPrivateAddresses && (
            <>
              <dt>{t('feeds.detail.privateAddresses')}</dt>
              <dd>{t('feeds.detail.privateAllowed')}</dd>
            </>
          )}
        </dl>
      </section>
      <FeedKeyMissing keyMissing={feed.may.keyMissing} />
      {runFailure && (
        <p className="banner error" role="alert" data-testid="feed-run-failure">
          {t('feeds.detail.runFailed', { message: runFailure })}
        </p>
      )}
      <FeedProgressLine feedId={feed.id} />
      <FeedPlanPanel feed={feed} />
      <FeedHistory feedId={feed.id} />
      <FeedPriceRule feed={feed} />
      {asking && (
        <ConfirmDialog
          title={t('feeds.remove.title', { name: feed.name })}
          body={
            <>
              <p>{t('feeds.remove.body')}</p>
              {removeFailure && (
                <p className="form-error" role="alert">
                  {t('feeds.remove.failed', { message: removeFailure })}
                </p>
              )}
            </>
          }
          confirmLabel={t('feeds.remove.confirm')}
          danger
          busy={removing}
          onCancel={() => {
            setAsking(false);
            setRemoveFailure(null);
            focusAfter(removeButton.current);
          }}
          onConfirm={() => {
            setRemoving(true);
            remove(feed.id).then(
              () => setRemoving(false),
              (error: unknown) => {
                setRemoving(false);
                setRemoveFailure(error instanceof Error ? error.message : String(error));
              },
            );
          }}
        />
      )}
    </>
  );
}

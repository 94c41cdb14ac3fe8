import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopStatusView } from '../../../../shared/ipc/contract-shop';
import { useDates } from '../../../i18n/use-dates';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { useAppStore } from '../../../store/app-store';
import { useShopStore } from '../../../store/shop-store';
import { ShopAddDesk } from './ShopAddDesk';
import { ShopJoinForm } from './ShopJoinForm';
import { ShopProgressLine } from './ShopProgressLine';
import { ShopSetupForm } from './ShopSetupForm';
import { ShopSetupResult } from './ShopSetupResult';
import { ShopTeamRoles } from './ShopTeamRoles';
import './shop.css';

function useWhen() {
  return useDates().dateTime;
}

/** The joined desk: the link, what waits, the shop's desks, and leaving. */
function Membership({ status }: { status: ShopStatusView }) {
  const { t } = useTranslation();
  const when = useWhen();
  const leave = useShopStore((s) => s.leave);
  const reportError = useAppStore((s) => s.reportError);
  const link = status.link;
  return (
    <>
      <dl className="shop-facts">
        <dt>{t('shop.thisDesk')}</dt>
        <dd>{status.deskName}</dd>
        <dt>{t('shop.database')}</dt>
        <dd>
          <code>{status.where}</code>
        </dd>
        <dt>{t('shop.link')}</dt>
        <dd data-testid="shop-link">
          {link?.state === 'connected'
            ? t('shop.connectedSince', { when: when(link.since) })
            : t('shop.offlineSince', { when: link ? when(link.since) : '–' })}
        </dd>
        <dt>{t('shop.waitingLabel')}</dt>
        <dd>{t('shop.waiting', { count: status.waiting })}</dd>
        {status.conflicts !== undefined && (
          <>
            <dt>{t('shop.conflictsLabel')}</dt>
            <dd>{t('shop.conflicts', { count: status.conflicts })}</dd>
          </>
        )}
      </dl>
      <ShopProgressLine />
      {status.startsAtRestart && (
        <p className="test-result shop-note" role="status">
          {t('shop.startsAtRestart')}
        </p>
      )}
      {status.failed?.unapplied ? (
        <p className="test-result failed" role="alert">
          {t('shop.unapplied', { count: status.failed.unapplied })}
        </p>
      ) : null}
      {status.failed?.stuck ? (
        <p className="test-result failed" role="alert">
          {t('shop.stuck', { count: status.failed.stuck })}
        </p>
      ) : null}
      {link?.problem && (
        <p className="test-result failed" role="alert" data-problem={link.problem.problem}>
          {link.problem.message}
        </p>
      )}
      {status.desks.length > 0 && (
        <table className="shop-desks">
          <caption>{t('shop.desks')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('shop.deskColumn')}</th>
              <th scope="col">{t('shop.lastSeen')}</th>
              <th scope="col">{t('shop.state')}</th>
            </tr>
          </thead>
          <tbody>
            {status.desks.map((desk) => (
              <tr key={desk.id}>
                <td>{desk.name}</td>
                <td>{when(desk.lastSeen)}</td>
                <td>
                  {desk.leftAt !== null
                    ? t('shop.deskLeft', { when: when(desk.leftAt) })
                    : desk.self
                      ? t('shop.deskSelf')
                      : t('shop.deskMember')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ShopTeamRoles status={status} />
      <ShopAddDesk />
      <div className="actions">
        <ConfirmButton
          title={t('shop.leaveConfirm')}
          body={t('shop.leaveBody')}
          confirmLabel={t('shop.leave')}
          onConfirm={() => leave().catch(reportError)}
        >
          {t('shop.leave')}
        </ConfirmButton>
      </div>
    </>
  );
}

/** A lone desk: joining a shop, and setting up a shop's database (once per shop). */
function LoneDesk() {
  const { t } = useTranslation();
  const setup = useShopStore((s) => s.setup);
  const initResult = useShopStore((s) => s.initResult);
  const prefill = useShopStore((s) => s.joinPrefill);
  const ownerUrl = useShopStore((s) => s.ownerUrl);
  return (
    <>
      {initResult && <ShopSetupResult result={initResult} />}
      <ShopJoinForm key={prefill?.made ?? 0} initial={prefill} />
      {setup ? (
        <ShopSetupForm key={setup.opened} startUrl={setup.url} />
      ) : (
        <div className="shop-setup-offer">
          <h3>{t('shop.setupTitle')}</h3>
          <p className="hint">{t('shop.setupOffer')}</p>
          <button type="button" onClick={() => useShopStore.getState().openSetup('')}>
            {t('shop.setupOpen')}
          </button>
        </div>
      )}
      <ShopAddDesk key={ownerUrl} ownerUrl={ownerUrl} />
    </>
  );
}

/** Settings → Shop: several desks on one database (issue 24.1). */
export function ShopPanel() {
  const { t } = useTranslation();
  const status = useShopStore((s) => s.status);
  const left = useShopStore((s) => s.left);
  const reportError = useAppStore((s) => s.reportError);
  useEffect(() => {
    const { load, follow } = useShopStore.getState();
    const stop = follow();
    load().catch(reportError);
    return stop;
  }, [reportError]);
  return (
    <section className="panel" aria-labelledby="shop-settings-title" data-testid="shop-panel">
      <h2 id="shop-settings-title">{t('shop.title')}</h2>
      {left && !left.told && (
        <p className="test-result failed" role="alert">
          {t('shop.leftUntold', { problem: left.problem?.message ?? '' })}
        </p>
      )}
      {left?.told && status && !status.member && (
        <p className="test-result ok" role="status">
          {t('shop.leftTold')}
        </p>
      )}
      {status?.member ? (
        <Membership status={status} />
      ) : (
        <>
          <p className="hint">{t('shop.intro')}</p>
          {status && <LoneDesk />}
        </>
      )}
    </section>
  );
}

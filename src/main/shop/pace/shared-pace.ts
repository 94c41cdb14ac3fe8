// Rate limits shared by the desks working for one account (issue 36.2): the shop's side of the
// account pace's port (service-client/account-pace.ts). A limit a desk meets goes into the account's
// row of `account_pace` in one statement (the later hold wins, the count of limits grows); the row's
// trigger tells every desk over the session's one LISTEN connection, with the hold still to run, so
// the desks' clocks do not matter. When the LISTEN connection opens again, the holds still running
// are read (they hold, but are not counted: the limits behind them were missed). Nothing here waits: a
// desk cut off from the database goes on alone.
import type { Log } from '../../log/log';
import type { CallLane, SharedLimit, SharedPace } from '../../service-client';
import type { ShopSession } from '../connection';
import { PACE_CHANNEL, SHOP_SCHEMA } from '../schema';

interface PaceNotice {
  account: string;
  lane: CallLane;
  desk: string;
  limits: number;
  holdMs: number;
}

function readNotice(payload: string): PaceNotice | undefined {
  try {
    const notice = JSON.parse(payload) as Partial<PaceNotice>;
    if (typeof notice.account !== 'string' || (notice.lane !== 'read' && notice.lane !== 'write')) return;
    return { ...notice, holdMs: Number(notice.holdMs) || 0 } as PaceNotice;
  } catch {
    return undefined;
  }
}

/** The port of `account`'s pace on the shop `session`. */
export function sharedPace(session: ShopSession, account: string, log: Pick<Log, 'debug'>): SharedPace {
  const deskId = session.membership.deskId;
  return {
    report(lane, holdMs) {
      if (session.link().state !== 'connected') return;
      session.pool
        .query(
          `insert into ${SHOP_SCHEMA}.account_pace as p (account, lane, hold_until, desk)
             values ($1, $2, now() + $3 * interval '1 millisecond', $4)
           on conflict (account, lane) do update set
             hold_until = greatest(p.hold_until, excluded.hold_until), limits = p.limits + 1,
             desk = excluded.desk, limited_at = now()`,
          [account, lane, Math.round(holdMs), deskId],
        )
        .catch((error: unknown) =>
          log.debug('shop: a rate limit was not shared', { account, lane, error: String(error) }),
        );
    },
    watch(listener: (limit: SharedLimit) => void) {
      const stopNotices = session.onNotice((channel, payload) => {
        if (channel !== PACE_CHANNEL) return;
        const notice = readNotice(payload);
        if (!notice || notice.account !== account || notice.desk === deskId) return;
        listener({ lane: notice.lane, holdMs: notice.holdMs, fresh: true, desk: notice.desk });
      });
      const reread = () => {
        session.pool
          .query<{ lane: CallLane; hold_ms: string; desk: string }>(
            `select lane, desk, floor(extract(epoch from (hold_until - now())) * 1000) as hold_ms
               from ${SHOP_SCHEMA}.account_pace where account = $1 and hold_until > now() and desk <> $2`,
            [account, deskId],
          )
          .then(({ rows }) => {
            for (const row of rows)
              listener({ lane: row.lane, holdMs: Number(row.hold_ms), fresh: false, desk: row.desk });
          })
          .catch((error: unknown) =>
            log.debug('shop: the shared rate limits were not read', { account, error: String(error) }),
          );
      };
      const stopListen = session.onListen(reread);
      if (session.link().state === 'connected') reread();
      return () => {
        stopNotices();
        stopListen();
      };
    },
  };
}

/**
 * Shares the paces of the shop's accounts: `sharePaces` (the accounts service's) attaches the port to
 * each pace of an account `shared` says the desks share, now and later; returns the undo.
 */
export function shareShopPaces(
  session: ShopSession,
  log: Log,
  sharePaces: (port: (account: string) => SharedPace | undefined) => () => void,
  shared: (account: string) => boolean,
): () => void {
  return sharePaces((account) => (shared(account) ? sharedPace(session, account, log) : undefined));
}

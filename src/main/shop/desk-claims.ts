// The composition root's side of the shop's publish queue: on a desk that has joined a shop, the
// publish engine's claims (waiting for the session, which opens with the sync after the engine),
// the Publishing view of the shop's jobs, and notices only on the desk that pressed Publish.
import type { PublishNotice } from '../../shared/domain/publish-job';
import type { PublishEngine } from '../publish/engine';
import type { BulkClaims } from '../bulk/bulk-claims';
import { openShopBulk } from './bulk-queue';
import { openShopClaims, type ShopClaims, type ShopClaimsOptions } from './job-claims';
import { readMembership } from './membership';
import type { ShopSession } from './shop-session';
import { shopNotices, shopPublishing } from './shop-publishing';

export interface DeskClaims {
  readonly claims: ShopClaims;
  /** The bulk jobs' claims (issue 24.2): the same queue, woken by the same LISTEN. */
  readonly bulk: BulkClaims;
  /** Hands the claims the desk's session once it is open (until then jobs wait in the queue). */
  bindSession(session: ShopSession): void;
  /** The engine as the Publishing view sees it: the shop's jobs, with their desks. */
  view(engine: PublishEngine): PublishEngine;
  /** `onNotice` for the jobs this desk pressed Publish for. */
  notices(onNotice: (notice: PublishNotice) => void): (notice: PublishNotice) => void;
  close(): Promise<void>;
}

/** The desk's claims in its shop, or undefined on a lone desk (no membership.json). */
export async function openDeskClaims(
  dataDir: string,
  deps: Pick<ShopClaimsOptions, 'hasSecret' | 'keepsLocal' | 'onAccountChange' | 'log' | 'timing'>,
): Promise<DeskClaims | undefined> {
  const { membership } = await readMembership(dataDir);
  if (!membership) return undefined;
  let bindSession!: (session: ShopSession) => void;
  const session = new Promise<ShopSession>((resolve) => (bindSession = resolve));
  const claims = openShopClaims({ membership, session, ...deps });
  const bulk = openShopBulk({
    ...deps,
    deskId: membership.deskId,
    session,
    onQueue: (listener) => claims.onJobs(() => listener()),
  });
  return {
    claims,
    bulk,
    bindSession,
    view: (engine) => shopPublishing(engine, claims, membership.deskId),
    notices: (onNotice) => shopNotices(claims, onNotice),
    async close() {
      await bulk.close();
      await claims.close();
    },
  };
}

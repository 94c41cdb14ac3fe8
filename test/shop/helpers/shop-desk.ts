// A desk of the claims tests: a data folder with a drafts store, a session on the shop's database,
// the shop's claims and the publish engine over one sandbox account. Nothing is mocked.
import { cp } from 'node:fs/promises';
import path from 'node:path';
import type { PublishNotice } from '../../../src/shared/domain/publishing/publish-job';
import { AccountPace, type ServiceClient } from '../../../src/main/service-client';
import { sharedPace } from '../../../src/main/shop/pace';
import type { PublishEngine } from '../../../src/main/publish/engine';
import { openShopClaims, type ShopClaims } from '../../../src/main/shop/claims/job-claims';
import { shopNotices, shopPublishing } from '../../../src/main/shop/claims/shop-publishing';
import type { ShopSession } from '../../../src/main/shop/connection/shop-session';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import { clientOf, desk, engineOn, sandboxAccounts, type Desk } from '../../integration/publish/helpers';
import { deskSession, initShop, TEST_LEASE } from './desk-session';
import { freshDatabase } from './shared-postgres';
import type { LeaseTiming } from '../../../src/main/shop/queue/job-lease';

export interface ShopDesk {
  name: string;
  d: Desk;
  session: ShopSession;
  claims: ShopClaims;
  /** The engine as the Publishing view sees it (the shop's jobs). */
  engine: PublishEngine;
  notices: PublishNotice[];
  /** The account's pace, shared with the shop's other desks (with `sharePace`). */
  pace?: AccountPace;
  close(): Promise<void>;
}

export interface ShopDeskOptions {
  /** The database URL this desk uses (default: the shop's; a cut proxy's to cut it off). */
  url?: string;
  /** Whether this desk's keychain holds the account's secret (default true). */
  hasSecret?: boolean;
  /** A desk whose drafts (and their photos) this one has too, as after the shop's sync. */
  draftsOf?: Desk;
  /** Wraps the service client (to watch this desk's calls). */
  client?: (client: ServiceClient) => ServiceClient;
  deskId?: string;
  /** The lease's timing (default TEST_LEASE). */
  timing?: LeaseTiming;
  /** Hears the claims' lines (e.g. "this desk runs publish job … (fence n)"). */
  onClaimsLog?: (line: string) => void;
  /** The desk's clock as its engine reads it (default the machine's): desks' clocks differ. */
  now?: () => Date;
  /** The client's timeout and the engine's settling margin after it (default: the publish suite's). */
  window?: { requestTimeoutMs: number; settleAfterTimeoutMs: number };
  /** Shares the account's pace with the shop's desks under this account id (issue 36.2). */
  sharePace?: string;
  /** Drafts this desk publishes at once (default: the engine's, 'auto'). */
  draftsAtOnce?: number;
}

/** Opens a desk on the shop at `url`. */
export async function shopDesk(
  shop: { url: string; shopId: string; sb: Sandbox },
  name: string,
  options: ShopDeskOptions = {},
): Promise<ShopDesk> {
  const d = await desk();
  if (options.draftsOf) {
    for (const folder of ['drafts', 'photos'])
      await cp(path.join(options.draftsOf.dataDir, folder), path.join(d.dataDir, folder), {
        recursive: true,
      });
    await d.reopen();
  }
  const session = await deskSession(options.url ?? shop.url, shop.shopId, name, options.deskId);
  const heard = options.onClaimsLog ?? (() => undefined);
  const quiet = { info: heard, warn: heard, error: heard };
  const claims = openShopClaims({
    membership: session.membership,
    session,
    hasSecret: async () => options.hasSecret ?? true,
    log: quiet,
    timing: options.timing ?? TEST_LEASE,
  });
  const pace = options.sharePace === undefined ? undefined : new AccountPace();
  const stopSharing =
    pace && options.sharePace !== undefined
      ? pace.share(sharedPace(session, options.sharePace, { debug: heard }))
      : undefined;
  const base = clientOf(shop.sb, options.window?.requestTimeoutMs, pace && { pace });
  const client = options.client ? options.client(base) : base;
  const notices: PublishNotice[] = [];
  const engine = await engineOn(
    d,
    sandboxAccounts(() => client),
    {
      claims,
      onNotice: shopNotices(claims, (notice) => notices.push(notice)),
      ...(options.now && { now: options.now }),
      ...(options.draftsAtOnce !== undefined && { limits: { drafts: options.draftsAtOnce } }),
      ...options.window,
    },
  );
  return {
    name,
    d,
    session,
    claims,
    engine: shopPublishing(engine, claims, session.membership.deskId),
    notices,
    ...(pace && { pace }),
    async close() {
      stopSharing?.();
      await engine.close();
      await claims.close();
      await session.close();
      await d.close();
    },
  };
}

/**
 * A fresh shop database and a sandbox whose publications settle after `validationDelayMs`; the
 * sandbox goes into `opened` for the test's afterEach to close.
 */
export async function openShop(opened: { sb?: Sandbox }, validationDelayMs = 20) {
  const url = await freshDatabase();
  const shopId = await initShop(url);
  const sb = await startSandbox({ port: 0, validationDelayMs });
  opened.sb = sb;
  return { url, shopId, sb };
}

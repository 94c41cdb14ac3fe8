// The composition root's side of the shop's publish queue: the publish engine's claims, the
// Publishing view and the notices, all following whether the desk is in a shop now. A lone desk's
// jobs are granted at once as before; in a shop (at start, or joined while the app runs) they are
// claimed in the shop's queue, the view lists the shop's jobs with their desks, and only the desk
// that pressed Publish is told; leaving goes back to the lone desk's claims at once.
import type { PublishNotice } from '../../shared/domain/publishing';
import { loneClaims, type ClaimedJobs, type PublishClaims } from '../publish/claims';
import type { PublishEngine } from '../publish/engine';
import { loneBulkClaims, type BulkClaims, type ClaimedBulkJobs } from '../bulk/bulk-claims';
import {
  openShopBulk,
  openShopClaims,
  type ShopClaims,
  type ShopClaimsOptions,
  shopNotices,
  shopPublishing,
} from './claims';
import { readMembership, type ShopMembership, type ShopSession } from './connection';
import type { DeskShop } from './start-shop';

type ShopBulk = ReturnType<typeof openShopBulk>;
type ClaimsDeps = Pick<ShopClaimsOptions, 'hasSecret' | 'keepsLocal' | 'onAccountChange' | 'log' | 'timing'>;

export interface DeskClaims {
  /** The engine's claims: the shop's while the desk is in one, else the lone desk's. */
  readonly claims: PublishClaims;
  /** The bulk jobs' claims (issue 24.2): the same queue, woken by the same LISTEN; lone ones alone. */
  readonly bulk: BulkClaims;
  /** Hands the claims opened at start the desk's session once it is open (until then jobs wait). */
  bindSession(session: ShopSession): void;
  /** Starts claiming in the shop the desk has just joined. */
  join(membership: ShopMembership, session: ShopSession): void;
  /** Stops claiming in the shop (leave), before the session's pool ends. */
  leave(): Promise<void>;
  /** The engine as the Publishing view sees it: in a shop, the shop's jobs, with their desks. */
  view(engine: PublishEngine): PublishEngine;
  /** `onNotice`, in a shop only for the jobs this desk pressed Publish for. */
  notices(onNotice: (notice: PublishNotice) => void): (notice: PublishNotice) => void;
  close(): Promise<void>;
  /** The desk's shop as App shows it, with the wait for this desk's first read of the queue. */
  withQueue(shop: DeskShop | undefined): DeskShop | undefined;
}

/** The desk's claims; in its shop's queue from the start when membership.json exists. */
export async function openDeskClaims(dataDir: string, deps: ClaimsDeps): Promise<DeskClaims> {
  let shop: { claims: ShopClaims; bulk: ShopBulk; deskId: string } | undefined;
  let attached: ClaimedJobs | undefined;
  let detach = () => undefined as void;
  // The Publishing view's subscriptions, moved over whenever the desk joins or leaves.
  const switches = new Set<() => void>();
  const current = (): PublishClaims => shop?.claims ?? loneClaims;
  let attachedBulk: [ClaimedBulkJobs, () => void] | undefined;
  let detachBulk = () => undefined as void;
  const currentBulk = (): BulkClaims => shop?.bulk ?? loneBulkClaims;
  const use = (next: typeof shop) => {
    detach();
    shop = next;
    if (attached) detach = current().attach(attached);
    detachBulk();
    if (attachedBulk) detachBulk = currentBulk().attach(...attachedBulk);
    for (const follow of [...switches]) follow();
  };
  const open = (
    membership: Pick<ShopMembership, 'deskId' | 'deskName'>,
    session: ShopClaimsOptions['session'],
  ) => {
    const claims = openShopClaims({ membership, session, ...deps });
    const bulk = openShopBulk({
      ...deps,
      deskId: membership.deskId,
      deskName: membership.deskName,
      session: Promise.resolve(session),
      onQueue: (listener) => claims.onJobs(() => listener()),
    });
    use({ claims, bulk, deskId: membership.deskId });
  };
  let bindSession = (_session: ShopSession): void => undefined;
  const { membership } = await readMembership(dataDir);
  if (membership) open(membership, new Promise<ShopSession>((resolve) => (bindSession = resolve)));
  const leave = async () => {
    const running = shop;
    if (!running) return;
    use(undefined);
    await running.bulk.close();
    await running.claims.close();
  };
  return {
    claims: {
      queue: (record, photoPath) => current().queue(record, photoPath),
      claim: (record) => current().claim(record),
      noteLater: (record) => current().noteLater(record),
      queuedBy: (jobId) => shop?.claims.queuedBy(jobId),
      shared: (accountId) => shop?.claims.shared?.(accountId) === true,
      attach(jobs) {
        attached = jobs;
        detach = current().attach(jobs);
        return () => {
          detach();
          attached = undefined;
        };
      },
    },
    bulk: {
      queue: (job) => currentBulk().queue(job),
      claim: (job, reopen) => currentBulk().claim(job, reopen),
      forget: (jobId) => currentBulk().forget(jobId),
      view: (local) => currentBulk().view(local),
      attach(jobs, changed) {
        attachedBulk = [jobs, changed];
        detachBulk = currentBulk().attach(jobs, changed);
        return () => {
          detachBulk();
          attachedBulk = undefined;
        };
      },
    },
    bindSession: (session) => bindSession(session),
    join: (joined, session) => open(joined, session),
    leave,
    view(engine) {
      const now = () => (shop ? shopPublishing(engine, shop.claims, shop.deskId) : engine);
      return {
        ...engine,
        list: () => now().list(),
        get: (jobId) => now().get(jobId),
        cancel: (jobId) => now().cancel(jobId),
        retry: (jobId, confirm) => now().retry(jobId, confirm),
        onChange(listener) {
          let off = now().onChange(listener);
          const follow = () => {
            off();
            off = now().onChange(listener);
          };
          switches.add(follow);
          return () => {
            switches.delete(follow);
            off();
          };
        },
      };
    },
    notices: (onNotice) => (notice) => (shop ? shopNotices(shop.claims, onNotice)(notice) : onNotice(notice)),
    close: leave,
    withQueue: (desk) => desk && { ...desk, queueRead: () => shop?.claims.readOnce() ?? Promise.resolve() },
  };
}

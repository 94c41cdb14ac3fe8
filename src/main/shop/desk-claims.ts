// The composition root's side of the shop's publish queue: the publish engine's claims, the
// Publishing view and the notices, all following whether the desk is in a shop now. A lone desk's
// jobs are granted at once as before; in a shop (at start, or joined while the app runs) they are
// claimed in the shop's queue, the view lists the shop's jobs with their desks, and only the desk
// that pressed Publish is told; leaving goes back to the lone desk's claims at once.
import type { PublishNotice } from '../../shared/domain/publish-job';
import { loneClaims, type ClaimedJobs, type PublishClaims } from '../publish/claims';
import type { PublishEngine } from '../publish/engine';
import { openShopClaims, type ShopClaims, type ShopClaimsOptions } from './job-claims';
import { readMembership, type ShopMembership } from './membership';
import type { ShopSession } from './shop-session';
import { shopNotices, shopPublishing } from './shop-publishing';

type ClaimsDeps = Pick<ShopClaimsOptions, 'hasSecret' | 'keepsLocal' | 'onAccountChange' | 'log' | 'timing'>;

export interface DeskClaims {
  /** The engine's claims: the shop's while the desk is in one, else the lone desk's. */
  readonly claims: PublishClaims;
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
}

/** The desk's claims; in its shop's queue from the start when membership.json exists. */
export async function openDeskClaims(dataDir: string, deps: ClaimsDeps): Promise<DeskClaims> {
  let shop: { claims: ShopClaims; deskId: string } | undefined;
  let attached: ClaimedJobs | undefined;
  let detach = () => undefined as void;
  // The Publishing view's subscriptions, moved over whenever the desk joins or leaves.
  const switches = new Set<() => void>();
  const current = (): PublishClaims => shop?.claims ?? loneClaims;
  const use = (next: typeof shop) => {
    detach();
    shop = next;
    if (attached) detach = current().attach(attached);
    for (const follow of [...switches]) follow();
  };
  const open = (membership: Pick<ShopMembership, 'deskId'>, session: ShopClaimsOptions['session']) =>
    use({ claims: openShopClaims({ membership, session, ...deps }), deskId: membership.deskId });
  let bindSession = (_session: ShopSession): void => undefined;
  const { membership } = await readMembership(dataDir);
  if (membership) open(membership, new Promise<ShopSession>((resolve) => (bindSession = resolve)));
  const leave = async () => {
    const running = shop;
    if (!running) return;
    use(undefined);
    await running.claims.close();
  };
  return {
    claims: {
      queue: (record, photoPath) => current().queue(record, photoPath),
      claim: (record) => current().claim(record),
      queuedBy: (jobId) => shop?.claims.queuedBy(jobId),
      attach(jobs) {
        attached = jobs;
        detach = current().attach(jobs);
        return () => {
          detach();
          attached = undefined;
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
  };
}

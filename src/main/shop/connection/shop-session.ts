// The contract between the shop's parts on a desk (sync, claims, status, the CLI and Settings):
// one session per joined desk, opened by the composition root when `membership.json` exists.
// session/open-session.ts implements it (`openShopSession`); the others use only this interface.
import type pg from 'pg';
import type { ShopMembership } from './membership';
import type { ShopProblem } from './shop-error';

/** Whether the desk reaches the shop's database, and since when (ISO time). */
export interface ShopLink {
  state: 'connected' | 'offline';
  since: string;
  /** Why it is offline (the last failure), for the seller's words. */
  problem?: ShopProblem;
}

export interface ShopSession {
  readonly membership: ShopMembership;
  readonly pool: pg.Pool;
  link(): ShopLink;
  /** Told of every change of the link; returns the unsubscribe. */
  onLink(listener: (link: ShopLink) => void): () => void;
  /** Told of each NOTIFY on a channel other than the feed's (listings, publish queue); returns the unsubscribe. */
  onNotice(listener: (channel: string, payload: string) => void): () => void;
  /** Told each time the desk's one LISTEN connection (re)opens: what it missed is to be read now. */
  onListen(listener: () => void): () => void;
  close(): Promise<void>;
}

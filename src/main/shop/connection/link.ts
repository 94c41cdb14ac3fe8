// The desk's link to the shop's database as the seller sees it: connected or offline, since when,
// and why. It follows what really happened: every query that succeeds says "connected", every one
// that fails for the link (network, password, schema, a desk that left) says "offline" with the
// reason; a refusal of one statement (a constraint, a refused compare-and-set) is not a link problem.
import { shopProblemOf } from './shop-error';
import type { ShopLink } from './shop-session';

export interface LinkState {
  get(): ShopLink;
  /** Records that the database answered. */
  up(): void;
  /** Records a failure; only a failure of the link turns it offline. Returns whether it did. */
  failed(error: unknown): boolean;
  onChange(listener: (link: ShopLink) => void): () => void;
}

/** A link that starts offline (not reached yet) at `now`. */
export function createLinkState(now: () => Date = () => new Date()): LinkState {
  let link: ShopLink = { state: 'offline', since: now().toISOString(), problem: 'unreachable' };
  const listeners = new Set<(link: ShopLink) => void>();
  const set = (next: ShopLink) => {
    link = next;
    for (const listener of [...listeners]) listener(link);
  };
  return {
    get: () => link,
    up() {
      if (link.state !== 'connected') set({ state: 'connected', since: now().toISOString() });
    },
    failed(error) {
      if (!isLinkProblem(error)) return false;
      const problem = shopProblemOf(error);
      if (link.state !== 'offline') set({ state: 'offline', since: now().toISOString(), problem });
      else if (link.problem !== problem) set({ ...link, problem });
      return true;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Whether an error is the link's (network, password, schema, a desk that left) rather than one
 * statement's: the sync then stops its round and waits for the link, instead of setting items aside.
 */
export function isLinkProblem(error: unknown): boolean {
  return shopProblemOf(error) !== 'other';
}

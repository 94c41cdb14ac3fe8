// Each account's pace (issue 36.2), kept across its service clients: made on first use, its changes
// told to the listeners (the window's "slow down"), and shared with the other desks of a team while
// `sharePaces` holds a port for the account.
import { AccountPace, type PaceView, type SharedPace } from '../service-client';

export interface AccountPaces {
  /** The pace every call of the account goes through. */
  pace(id: string): AccountPace;
  /** Calls `listener` when an account's pace holds or frees its calls. */
  onPace(listener: (id: string, view: PaceView) => void): () => void;
  /** Shares the paces through `port` (undefined for an account: its pace stays this desk's own). */
  sharePaces(port: (id: string) => SharedPace | undefined): () => void;
}

export function createAccountPaces(): AccountPaces {
  const paces = new Map<string, AccountPace>();
  const paceListeners = new Set<(id: string, view: PaceView) => void>();
  let sharing: { port: (id: string) => SharedPace | undefined; undo: Map<string, () => void> } | null = null;
  const share = (id: string, one: AccountPace) => {
    const now = sharing;
    const port = now?.port(id);
    if (now && port) now.undo.set(id, one.share(port));
  };
  const pace = (id: string): AccountPace => {
    let found = paces.get(id);
    if (!found) {
      found = new AccountPace();
      found.onChange((view) => {
        for (const listener of paceListeners) listener(id, view);
      });
      paces.set(id, found);
      share(id, found);
    }
    return found;
  };
  return {
    pace,
    onPace(listener) {
      paceListeners.add(listener);
      return () => paceListeners.delete(listener);
    },
    sharePaces(port) {
      const mine = { port, undo: new Map<string, () => void>() };
      sharing = mine;
      for (const [id, one] of paces) share(id, one);
      return () => {
        for (const undo of mine.undo.values()) undo();
        if (sharing === mine) sharing = null;
      };
    },
  };
}

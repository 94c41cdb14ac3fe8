// The listings view keeps itself current while it is open: when it is shown again, when the window
// comes back into view or gets focus (each if the list is older than half a minute) and every few
// minutes. Events from main
// (ads going live, live changes) arrive on their own; these cover changes made elsewhere.
import { useEffect } from 'react';
import { REFRESH_INTERVAL_MS } from '../../../../shared/domain/live';
import { useListingsStore } from '../../../store/listings-store';

/** A list older than this is fetched again when the window regains focus or the view is shown again. */
export const FOCUS_STALE_MS = 30_000;
// How often the age is looked at: a refresh on focus meanwhile moves the next one back, not skips it.
const CHECK_EVERY_MS = 60_000;

/** Refreshes the list when shown, on focus and at an interval while `active`. */
export function useAutoRefresh(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const store = useListingsStore.getState();
    // A background refresh that fails shows as the list's problem line; nothing to report twice.
    const quietly = (run: Promise<void>) => void run.catch(() => undefined);
    // Coming back to the view after a while: what may have moved meanwhile is read again (issue 23.5).
    quietly(store.refreshIfStale(FOCUS_STALE_MS));
    const onFocus = () => {
      if (document.visibilityState === 'visible') quietly(store.refreshIfStale(FOCUS_STALE_MS));
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') quietly(store.refreshIfStale(REFRESH_INTERVAL_MS));
    }, CHECK_EVERY_MS);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
      clearInterval(timer);
    };
  }, [active]);
}

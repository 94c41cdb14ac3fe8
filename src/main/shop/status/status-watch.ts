// Settings → Team and the outage line follow the desk's shop status while they are open (issue
// 32.3): it is read again whenever something it shows may have moved (the link, a change marked
// to go up, a sync round that sent or took in changes and conflicts), never on a timer of its own.
import type { ShopSession } from '../connection';
import type { ShopSync } from '../sync';

export interface StatusWatchSources {
  session: Pick<ShopSession, 'onLink'>;
  sync: Pick<ShopSync, 'onRound'> & { outbox: Pick<ShopSync['outbox'], 'onMark'> };
}

/** Calls `tell` after each such change, one call at a time (a burst becomes one more); returns the stop. */
export function watchShopStatus(
  sources: StatusWatchSources,
  tell: () => Promise<void>,
  log: { warn(message: string, meta?: Record<string, unknown>): void },
): () => void {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = tell()
      .catch((error: unknown) => log.warn('shop: the status could not be read', { error: String(error) }))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const stops = [sources.session.onLink(run), sources.sync.outbox.onMark(run), sources.sync.onRound(run)];
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}

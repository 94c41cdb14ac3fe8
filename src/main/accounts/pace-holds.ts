// The accounts the service asked to slow down, for the window (issue 36.2): each account's pace
// tells when it holds or frees its calls; this keeps the ones held, with the time they go on.
import type { PaceHold, PaceHolds } from '../../shared/ipc/contract-pace';
import type { PaceView } from '../service-client';
import type { AccountsService } from './accounts-service';

/** Follows every account's pace; `emit` gets all holds after each change. */
export function watchPaceHolds(
  accounts: Pick<AccountsService, 'onPace' | 'state'>,
  emit: (holds: PaceHolds) => void,
  now: () => number = Date.now,
): { holds(): PaceHolds; stop(): void } {
  const held = new Map<string, number>();
  const holds = (): PaceHolds => {
    const names = new Map(accounts.state().accounts.map((a) => [a.id, a.name]));
    const at = now();
    const list: PaceHold[] = [...held]
      .filter(([, until]) => until > at)
      .map(([accountId, until]) => ({
        accountId,
        accountName: names.get(accountId) ?? accountId,
        until: new Date(until).toISOString(),
      }));
    return { holds: list };
  };
  const stop = accounts.onPace((id: string, view: PaceView) => {
    const until = Math.max(view.writesUntil ?? 0, view.readsUntil ?? 0);
    const before = held.get(id);
    if (until > now()) held.set(id, until);
    else held.delete(id);
    if (before !== held.get(id)) emit(holds());
  });
  return { holds, stop };
}

// Joining a shop (`shop join`, Settings → Shop): this desk's drafts, templates and accounts go up
// once, with progress, then everything the shop has comes down, with progress. A draft opens as
// soon as its fields are here; its photos follow in the background.
import { pullFeed, feedBehind, pushOutbox, sameBody, type ShopSync } from '../sync';
import { ShopError, type ShopLink } from '../connection';

export interface JoinProgress {
  phase: 'send' | 'receive';
  done: number;
  total: number;
}

/** Resolves once the desk reaches the database; rejects with the link's problem after `timeoutMs`. */
export async function waitConnected(sync: ShopSync, timeoutMs: number): Promise<void> {
  if (sync.session.link().state === 'connected') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      const link: ShopLink = sync.session.link();
      reject(new ShopError(link.problem ?? 'unreachable', 'The team database could not be reached.'));
    }, timeoutMs);
    const stop = sync.session.onLink((link) => {
      if (link.state !== 'connected') return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** Sends every shared thing of this desk, then receives the shop's; `onProgress` after each item. */
export async function joinShop(
  sync: ShopSync,
  onProgress: (progress: JoinProgress) => void,
  options: { timeoutMs?: number } = {},
): Promise<{ sent: number; received: number }> {
  await waitConnected(sync, options.timeoutMs ?? 15_000);
  return sync.exclusive(async (context) => {
    // What the shop already has as it is here (read from it since the desk started) is not sent.
    for (const kind of sync.kinds.values())
      for (const id of await kind.ids()) {
        if (sync.outbox.has(kind.kind, id)) continue;
        const base = await context.bases.get(kind.kind, id);
        if (base && !base.deleted && sameBody(base.body, await kind.read(id))) continue;
        sync.outbox.mark(kind.kind, id)();
      }
    // The photos first, in bulk: then each draft's own send finds them there.
    for (const kind of sync.kinds.values()) {
      if (!kind.sendAhead) continue;
      const waiting: string[] = [];
      for (const id of await kind.ids()) if (sync.outbox.has(kind.kind, id)) waiting.push(id);
      await kind.sendAhead(waiting);
    }
    const sendTotal = sync.outbox.count();
    let sent = 0;
    onProgress({ phase: 'send', done: 0, total: sendTotal });
    const stuck = new Set<string>();
    await pushOutbox(context, stuck, () => onProgress({ phase: 'send', done: ++sent, total: sendTotal }));
    const receiveTotal = await feedBehind(context);
    let received = 0;
    onProgress({ phase: 'receive', done: 0, total: receiveTotal });
    await pullFeed(context, () =>
      onProgress({ phase: 'receive', done: ++received, total: Math.max(receiveTotal, received) }),
    );
    if (stuck.size > 0)
      throw new ShopError(
        'other',
        `${stuck.size} item(s) could not go up; they wait in the outbox (see the log).`,
      );
    return { sent, received };
  });
}

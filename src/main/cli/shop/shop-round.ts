// A command on a desk in a shop (issue 24.2, 24.3): the command line's process lives for one
// command, so the sync that a window runs all day has to happen around it. Before: the database's
// first answer and one round, so the command sees what other desks did. After: one more round, so
// what the command changed is in the shop when it ends, not at the desk's next start. Offline, the
// command works on the desk's copy and says so, with the changes that wait.
import { wordsIn } from '../../i18n';
import { waitConnected } from '../../shop';
import type { Log } from '../../log/log';
import type { Session } from '../session';

/** How long a command gives a fresh session to reach the database (its connect timeout and a bit). */
export const FIRST_ANSWER_MS = 7_000;

/** Reads the shop before a command: connected, one round; out of reach, says the command works on this desk's copy. */
export async function catchUpWithShop(session: Session, log: Log): Promise<void> {
  const sync = session.app.shop?.sync;
  if (!sync) return;
  try {
    await waitConnected(sync, FIRST_ANSWER_MS);
  } catch {
    log.warn('shop: the database did not answer; the command works on this desk’s copy');
    session.err(wordsIn(session.language, 'cli')('shop.commandOffline', { count: sync.outbox.count() }));
    return;
  }
  await sync.syncNow();
  // The publish jobs the command lists or joins are the shop's: it waits for the queue's first
  // read, bounded as the first answer is (a queue that stays unread leaves the desk's own jobs).
  const queueRead = session.app.shop?.queueRead?.();
  if (queueRead) log.info('shop: the command waits for this desk’s first read of the publish queue');
  if (queueRead && !(await within(queueRead, FIRST_ANSWER_MS))) {
    log.warn('shop: the publish queue was not read in time; the command sees this desk’s own jobs');
    session.err(wordsIn(session.language, 'cli')('shop.queueUnread'));
  }
}

/** Whether `promise` settles within `ms`. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sends what a command changed before the back end closes; says what still waits (it goes up at the next start). */
export async function sendToShop(session: Session, log: Log): Promise<void> {
  const sync = session.app.shop?.sync;
  if (!sync || sync.outbox.count() === 0) return;
  if (sync.session.link().state === 'connected') await sync.syncNow();
  const waiting = sync.outbox.count();
  if (waiting === 0) return;
  log.warn('shop: changes of this command wait to go up', { waiting });
  session.err(wordsIn(session.language, 'cli')('shop.commandWaiting', { count: waiting }));
}

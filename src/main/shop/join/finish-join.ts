// The second half of joining (issue 24.2): once the desk's sharing has started (right after the
// join, or at a start with its membership), its drafts go up and the shop's come down (join.ts),
// with progress. A `joining` file, written before membership.json, says that this is still to do:
// a join cut off (a crash, the database gone) is finished at the next start.
import { rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ShopProgress } from '../../../shared/ipc/contract-shop';
import type { Log } from '../../log/log';
import { makeFolder } from '../../storage/atomic-file';
import { joinShop } from './join';
import { shopFolder } from '../connection';
import type { ShopSync } from '../sync';

const joiningFile = (dataDir: string) => path.join(shopFolder(dataDir), 'joining');

/** Notes that the desk's data is still to be exchanged with the shop. */
export async function markJoining(dataDir: string): Promise<void> {
  await makeFolder(shopFolder(dataDir));
  await writeFile(joiningFile(dataDir), `${new Date().toISOString()}\n`);
}

/** Whether a join waits for its exchange of data. */
export function joinPending(dataDir: string): boolean {
  return existsSync(joiningFile(dataDir));
}

/** Forgets a join's exchange (the desk left before it ran). */
export async function clearJoining(dataDir: string): Promise<void> {
  await rm(joiningFile(dataDir), { force: true });
}

/**
 * Sends this desk's data and receives the shop's when a join waits for it; resolves with what
 * went each way, or undefined when none waited. A failure keeps the note for the next start.
 */
export async function finishJoin(
  dataDir: string,
  sync: ShopSync,
  onProgress: (progress: ShopProgress) => void,
  log: Pick<Log, 'info'>,
): Promise<{ sent: number; received: number } | undefined> {
  if (!joinPending(dataDir)) return undefined;
  const done = await joinShop(sync, (progress) =>
    onProgress({
      phase: progress.phase === 'send' ? 'sending' : 'receiving',
      done: progress.done,
      total: progress.total,
    }),
  );
  await clearJoining(dataDir);
  log.info('shop: this desk has sent its data and received the team’s', done);
  return done;
}

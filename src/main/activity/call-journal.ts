// Calls that change a live ad on a lone desk, or on a desk of a team while its database is out of
// reach (issue 37.5; the port: ports/live-calls.ts): one file per call in <data>/activity/calls,
// written before the call is sent. A lone desk's call is settled in order: its row appended to the
// activity file, then its file removed; a team's call keeps its row in the file until the row
// reaches the team's database (with when it was made), then the file goes. A file left by a crash
// is settled by the reconcile (app-live-calls.ts): a lone desk's row is appended only when the log
// does not hold the call's row yet, so it is written once whatever moment the crash hit.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ActivityInput } from '../../shared/domain/activity';
import type { LiveCall } from '../ports/live-calls';
import { readJsonFile, syncFolder, writeFileAtomic } from '../storage/atomic-file';

/** Where a call's row goes: the lone desktop's file, or the team's database once reachable. */
export type CallTarget = 'lone' | 'team';

/** One call's file. */
export interface JournalCall {
  call: LiveCall;
  target: CallTarget;
  /** Its row, once its outcome is known (a team's call whose row has not reached the database). */
  entry?: ActivityInput | null;
}

const fileSchema = z.object({
  call: z.looseObject({ id: z.string(), kind: z.string(), account: z.string(), ad: z.string() }),
  target: z.enum(['lone', 'team']),
  entry: z.looseObject({ kind: z.string() }).nullable().optional(),
});

const SAFE_ID = /^[A-Za-z0-9-]{1,80}$/;

export interface CallJournal {
  /** Writes the call's file (before it is sent). */
  begin(call: LiveCall, target: CallTarget): Promise<void>;
  /** Keeps the call's row in its file (a team's call, until the row reaches the database). */
  keep(call: LiveCall, entry: ActivityInput | null): Promise<void>;
  /** Removes the call's file: its row is where it belongs, or there is none. */
  finish(callId: string): Promise<void>;
  /** Every call's file, oldest first; a file that does not parse is named in `unreadable`. */
  pending(): Promise<{ calls: JournalCall[]; unreadable: string[] }>;
}

export function openCallJournal(dataDir: string): CallJournal {
  const folder = path.join(dataDir, 'activity', 'calls');
  const fileOf = (id: string) => {
    if (!SAFE_ID.test(id)) throw new Error(`not a call's id: ${id}`);
    return path.join(folder, `${id}.json`);
  };
  const write = (record: JournalCall) => writeFileAtomic(fileOf(record.call.id), JSON.stringify(record));
  return {
    begin: (call, target) => write({ call, target }),
    keep: (call, entry) => write({ call, target: 'team', entry }),
    async finish(callId) {
      await rm(fileOf(callId), { force: true });
      await syncFolder(folder).catch(() => undefined);
    },
    async pending() {
      const names = (await readdir(folder).catch(() => [] as string[])).filter((name) =>
        name.endsWith('.json'),
      );
      const calls: JournalCall[] = [];
      const unreadable: string[] = [];
      for (const name of names) {
        const read = await readJsonFile(path.join(folder, name), (value) => fileSchema.parse(value)).catch(
          () => ({ state: 'unreadable' as const }),
        );
        if (read.state === 'ok') calls.push(read.value as unknown as JournalCall);
        else if (read.state !== 'missing') unreadable.push(name);
      }
      return { calls: calls.sort((a, b) => (a.call.madeAt < b.call.madeAt ? -1 : 1)), unreadable };
    },
  };
}

// Duplicates a job run on a lone desk removed, in the lone desktop's activity log (issue 37.5): the
// job's history entries that say so, logged before the record is written (a crash between leaves
// the row, and the service's duplicate is gone, so the job never removes nor logs it again). A
// team's are logged with the job's step (shop/queue/job-queue.ts).
import type { ActivityInput } from '../../../shared/domain/activity';
import { LONE_CLAIM } from '../claims';
import { DUPLICATE_REMOVED_KEYS, duplicateRemoved, type JobRecord } from '../jobs';
import type { Entry } from './engine-entry';

export interface DuplicatesLogged {
  /** A job read from disk: what its history has is logged already. */
  loaded(record: JobRecord): void;
  /** Logs what the job's history has gained since, when the job runs here alone. */
  log(entry: Entry): Promise<void>;
}

export function duplicatesLogged(activity?: {
  record(input: ActivityInput): Promise<void>;
}): DuplicatesLogged {
  const logged = new Map<string, number>();
  return {
    loaded: (record) => void logged.set(record.id, record.history?.length ?? 0),
    async log(entry) {
      const { record } = entry;
      const history = record.history ?? [];
      const from = logged.get(record.id) ?? 0;
      if ((entry.claim ?? LONE_CLAIM) !== LONE_CLAIM || !activity || history.length <= from) return;
      for (const item of history.slice(from))
        if ((DUPLICATE_REMOVED_KEYS as readonly string[]).includes(item.key))
          await activity.record({
            kind: 'duplicate-removed',
            account: record.accountId,
            ad: record.listingUuid,
            draft: record.draftId,
            job: record.id,
            madeAt: item.at,
            changed: duplicateRemoved(record, item),
          });
      logged.set(record.id, history.length);
    },
  };
}

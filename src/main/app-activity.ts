// The activity log in use (issue 37.5): the team's database while the desk is in a team, else the
// lone desktop's file in the data folder. Part of the composition root.
import { hostname } from 'node:os';
import { openFileActivityLog } from './activity';
import type { ActivityLog } from './ports/activity-log';
import { shopActivityLog } from './shop';

interface Session {
  pool: Parameters<typeof shopActivityLog>[0]['db'];
  membership: { deskId: string };
}

export interface AppActivity extends ActivityLog {
  /** The lone desktop's file, which the lone desktop's due tasks record to. */
  lone: ActivityLog;
  /**
   * Records only while the desk works alone: for changes a team's database logs itself as they
   * reach it (accounts and imprints, by their rows' trigger, with the time they were made).
   */
  aloneOnly: Pick<ActivityLog, 'record'>;
}

export function appActivityLog(options: {
  dataDir: string;
  session(): Session | undefined;
  log: { warn(message: string): void; error(message: string, error?: unknown): void };
}): AppActivity {
  const lone = openFileActivityLog({
    dataDir: options.dataDir,
    desk: { id: 'this-desktop', name: hostname() },
    log: options.log,
  });
  let current: { session: Session; log: ActivityLog } | undefined;
  const inUse = (): ActivityLog => {
    const session = options.session();
    if (!session) return lone;
    if (current?.session !== session)
      current = { session, log: shopActivityLog({ db: session.pool, deskId: session.membership.deskId }) };
    return current.log;
  };
  return {
    lone,
    aloneOnly: {
      record: async (input) => {
        if (!options.session()) await lone.record(input);
      },
    },
    // A row the log did not take is said in the app's log, whatever the caller makes of it.
    record: (input) =>
      inUse()
        .record(input)
        .catch((error: unknown) => {
          options.log.error(`Activity: the log did not take a row of kind ${input.kind}`, error);
          throw error;
        }),
    list: (filter) => inUse().list(filter),
  };
}

// A desk's live calls (issue 37.5) for the tests: the app's own parts (the team's due claims, the
// data folder's journal and activity file, the ad read back from the sandbox) on a real session,
// without the rest of the app. Also run as a process of its own (pause-child.ts) to be killed.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openFileActivityLog } from '../../../src/main/activity';
import { appLiveCalls, type AppLiveCalls, type AppLiveCallsOptions } from '../../../src/main/app-live-calls';
import { settleLiveCall } from '../../../src/main/live/live-call-settle';
import { Publications } from '../../../src/main/live/publications';
import type { ServiceClient } from '../../../src/main/service-client';
import { shopTaskClaims } from '../../../src/main/shop/claims/due-claims';
import type { ShopSession } from '../../../src/main/shop/connection/shop-session';
import type { ActivityLog } from '../../../src/main/ports/activity-log';
import { TEST_LEASE } from './desk-session';

export const ACCOUNT = 'account-1';

const quiet = { info: () => undefined, warn: () => undefined };

export interface CallsDesk {
  calls: AppLiveCalls;
  lone: ActivityLog;
  dataDir: string;
}

/** The live calls of a desk in the team of `session` (none: a lone desk), over `client`. */
export async function callsDesk(
  session: ShopSession | undefined,
  client: ServiceClient,
  log: { info(message: string): void; warn(message: string): void } = quiet,
  settlers: AppLiveCallsOptions['settlers'] = [],
): Promise<CallsDesk> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'live-calls-'));
  const lone = openFileActivityLog({ dataDir, desk: { id: 'this-desktop', name: 'Werkbank' } });
  const claims =
    session &&
    shopTaskClaims({ db: session.pool, deskId: session.membership.deskId, log: quiet, timing: TEST_LEASE });
  const publications = new Publications({
    publicationsOf: () => [],
    retrack: async () => 0,
    get: () => undefined,
  });
  const calls = appLiveCalls({
    dataDir,
    lone,
    session: () => session,
    teamClaims: () => claims,
    mayAct: () => true,
    settle: (call) =>
      settleLiveCall({ clientOf: () => ({ accountId: ACCOUNT, client }), publications }, call),
    log,
    settlers,
  });
  return { calls, lone, dataDir };
}

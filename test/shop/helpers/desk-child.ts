// A desk's back end in a process of its own, for the kill -9 test: its drafts store, a session on
// the shop's database, the shop's claims and the publish engine on the sandbox named in
// SHOP_DESK_CHILD. It presses Publish on the drafts named and prints one JSON line per change of
// its jobs ({"attached": n, "running": true|false}); the test kills it with SIGKILL in between.
import { openPublishEngine } from '../../../src/main/publish/engine';
import { openShopClaims } from '../../../src/main/shop/claims/job-claims';
import { openDraftsStore } from '../../../src/main/storage/drafts-store';
import { clientOf, quietLog, sandboxAccounts } from '../../integration/publish/ports';
import { deskSession, TEST_LEASE } from './desk-session';

interface ChildConfig {
  dataDir: string;
  url: string;
  shopId: string;
  name: string;
  authUrl: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.SHOP_DESK_CHILD ?? '{}') as ChildConfig;
  const draftIds = process.argv.slice(2);
  const drafts = await openDraftsStore(config.dataDir, { log: quietLog });
  const session = await deskSession(config.url, config.shopId, config.name);
  const claims = openShopClaims({
    membership: session.membership,
    session,
    hasSecret: async () => true,
    log: { ...quietLog, warn: () => undefined },
    timing: TEST_LEASE,
  });
  const client = clientOf({
    authUrl: config.authUrl,
    baseUrl: config.baseUrl,
    clients: [{ clientId: config.clientId, clientSecret: config.clientSecret }],
  });
  const engine = await openPublishEngine({
    dataDir: config.dataDir,
    drafts: {
      get: (id) => drafts.get(id),
      update: (id, change) => drafts.update(id, change),
      list: () => drafts.list(),
    },
    accounts: sandboxAccounts(() => client),
    log: quietLog,
    claims,
    backoff: { baseMs: 20, maxMs: 200 },
    tracking: { baseMs: 30, maxMs: 200 },
    progressIntervalMs: 5,
  });
  engine.onChange(() => {
    const jobs = engine.list();
    const attached = jobs.reduce(
      (sum, job) => sum + job.photos.filter((p) => p.state === 'attached').length,
      0,
    );
    process.stdout.write(
      `${JSON.stringify({ attached, running: jobs.some((job) => job.state === 'running') })}\n`,
    );
  });
  await engine.start(draftIds);
  await engine.settled();
  await engine.close();
  await claims.close();
  await session.close();
  await drafts.close();
}

main().catch((error: unknown) => {
  process.stderr.write(
    `desk-child: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

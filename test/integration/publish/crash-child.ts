// The back end's publishing part in a process of its own, for the crash test: it opens the drafts
// store and the publish engine on a data folder and talks to the sandbox named in PUBLISH_CHILD.
//   node --import tsx crash-child.ts start <draftId>...   publish these drafts
//   node --import tsx crash-child.ts resume               just open: the engine resumes its jobs
//   node --import tsx crash-child.ts retry <jobId>...     the seller presses Retry
// It prints one JSON line per change ({"attached": n}) and, once every job has ended, the final
// views ({"jobs": [...]}) before it exits. The test kills it with SIGKILL in between.
import { openPublishEngine } from '../../../src/main/publish/engine';
import { openDraftsStore } from '../../../src/main/storage/drafts-store';
import { clientOf, quietLog, sandboxAccounts } from './ports';

interface ChildConfig {
  dataDir: string;
  authUrl: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.PUBLISH_CHILD ?? '{}') as ChildConfig;
  const [command, ...ids] = process.argv.slice(2);
  const drafts = await openDraftsStore(config.dataDir, { log: quietLog });
  const client = clientOf(
    {
      authUrl: config.authUrl,
      baseUrl: config.baseUrl,
      clients: [{ clientId: config.clientId, clientSecret: config.clientSecret }],
    },
    2_000,
  );
  const engine = await openPublishEngine({
    dataDir: config.dataDir,
    drafts: {
      get: (id) => drafts.get(id),
      update: (id, change) => drafts.update(id, change),
      list: () => drafts.list(),
    },
    accounts: sandboxAccounts(() => client),
    log: quietLog,
    backoff: { baseMs: 20, maxMs: 200 },
    tracking: { baseMs: 30, maxMs: 200 },
    progressIntervalMs: 5,
    requestTimeoutMs: 2_000,
    settleAfterTimeoutMs: 300,
  });
  engine.onChange(() => {
    const attached = engine
      .list()
      .reduce((sum, job) => sum + job.photos.filter((p) => p.state === 'attached').length, 0);
    process.stdout.write(`${JSON.stringify({ attached })}\n`);
  });
  if (command === 'start') await engine.start(ids);
  if (command === 'retry') for (const id of ids) await engine.retry(id);
  await engine.settled();
  process.stdout.write(`${JSON.stringify({ jobs: engine.list() })}\n`);
  await engine.close();
  await drafts.close();
}

main().catch((error: unknown) => {
  process.stderr.write(
    `crash-child: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

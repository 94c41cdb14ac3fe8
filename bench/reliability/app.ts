// The app of the torture run: the whole back end (createApp), as each shell builds it, on one data
// folder, killed with SIGKILL at random instants by run.ts and started again.
//   setup: adds the seller's account and the drafts with their photos, then exits.
//   run:   publishes the drafts that have not been published yet (what a seller does after a crash:
//          press Publish again; drafts with a job are not published twice), waits until no job moves
//          by itself any more, prints a JSON summary and exits.
// The account's secret comes from the environment on every start, standing in for the keychain
// (which outlives a kill as the environment does).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createApp } from '../../src/main/app';
import { createLog } from '../../src/main/log/create-log';
import type { SecretStore } from '../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import { isOpenJobState, type PublishJobView } from '../../src/shared/domain/publishing/publish-job';
import type { InputOf, OutputOf } from '../../src/shared/ipc/contract';
import type { ChannelName } from '../../src/shared/ipc/names';
import { draftFieldsOf } from '../../src/shared/domain/shop/draft-fields';
import { sampleDraft } from '../../test/fixtures/drafts';

process.stdout.write('started\n');
const [mode, dataDir, photosDir] = process.argv.slice(2) as ['setup' | 'run', string, string];
const env = {
  authUrl: process.env.BENCH_AUTH_URL!,
  baseUrl: process.env.BENCH_BASE_URL!,
  clientId: process.env.BENCH_CLIENT_ID!,
  secret: process.env.BENCH_CLIENT_SECRET!,
  drafts: Number(process.env.BENCH_DRAFTS ?? 30),
  timeoutMs: Number(process.env.BENCH_TIMEOUT_MS ?? 3000),
};

const secrets = new Map<string, string>();
const secretStore: SecretStore = {
  status: { mode: 'session-only', reason: 'benchmark' },
  set: async (account, secret) => void secrets.set(account, secret),
  get: async (account) => secrets.get(account) ?? env.secret,
  delete: async (account) => secrets.delete(account),
};
// The app's own log, in its data folder as in the shells; stderr is kept for errors only.
const log = createLog({
  dataDir,
  name: `bench app ${process.pid}`,
  stderr: { write: (text: string) => (/ERROR/.test(text) ? process.stderr.write(text) : true) },
});
const app = await createApp(
  { shell: 'web', dataDir, version: 'bench', systemLocale: 'en-US', serviceTimeoutMs: env.timeoutMs },
  { storeFactory: confStoreFactory, secretStore, log },
);

async function call<C extends ChannelName>(channel: C, input?: InputOf<C>): Promise<OutputOf<C>> {
  const result = await app.router.call(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value as OutputOf<C>;
}

async function setup(): Promise<void> {
  const account = await call('accounts:save', {
    name: 'Torture Shop',
    authUrl: env.authUrl,
    baseUrl: env.baseUrl,
    clientId: env.clientId,
    secret: env.secret,
  });
  await call('accounts:select', { id: account.id });
  const photos = (await readdir(photosDir)).sort();
  for (let n = 1; n <= env.drafts; n += 1) {
    const created = await call('drafts:create');
    const fields = draftFieldsOf(
      sampleDraft(created.id, {
        title: `Belastungsprobe ${n}`,
        description: `Artikel ${n} der Belastungsprobe.`,
        customReference: `REL-${n}`,
      }),
    );
    await call('drafts:save', {
      draft: { ...fields, publication: { ...fields.publication, imprintUuid: null } },
    });
    const mine = photos.filter((name) => name.startsWith(`d${String(n).padStart(2, '0')}-`));
    const added = await call('drafts:add-photos', {
      draftId: created.id,
      batchId: `setup-${n}`,
      paths: mine.map((name) => path.join(photosDir, name)),
    });
    if (added.refused.length > 0) throw new Error(`photos refused: ${JSON.stringify(added.refused)}`);
  }
}

async function run(): Promise<void> {
  const { items } = await call('drafts:list', {});
  const unpublished = items.filter((item) => item.status === 'draft' || item.status === 'ready');
  if (unpublished.length > 0) {
    const { results } = await call('publish:start', { draftIds: unpublished.map((item) => item.id) });
    for (const result of results.filter((entry) => entry.error))
      log.info(`not started: ${result.draftId}: ${result.error!.problem} ${result.error!.detail}`);
  }
  process.stdout.write('publishing\n');
  let jobs: PublishJobView[] = [];
  for (;;) {
    jobs = (await call('publish:list')).jobs;
    if (!jobs.some((job) => isOpenJobState(job.state))) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const drafts = await Promise.all(items.map((item) => call('drafts:get', { id: item.id })));
  process.stdout.write(
    `${JSON.stringify({
      jobs: jobs.map(({ id, draftId, state, error, listingUuid, publicationUuid, supersededBy }) => ({
        id,
        draftId,
        state,
        problem: error?.problem ?? null,
        detail: error?.detail ?? null,
        listingUuid,
        publicationUuid,
        supersededBy: supersededBy ?? null,
      })),
      drafts: drafts.map((draft) => ({
        id: draft.id,
        reference: draft.customReference,
        status: draft.status,
        listingUuid: draft.remote?.listingUuid ?? null,
        photoFiles: draft.photos.map((photo) => photo.file),
      })),
    })}\n`,
  );
}

if (mode === 'setup') await setup();
else await run();
await app.close();
log.close();
process.exit(0);

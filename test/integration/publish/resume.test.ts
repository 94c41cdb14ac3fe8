// Jobs that outlive the engine: stopped after every step and opened again on the same data folder,
// a service that goes away and comes back, tracking after a restart, cancel and retry, a damaged
// job file, and the Sandbox's test imprint kept by the real accounts service.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAccountsService } from '../../../src/main/accounts/accounts-service';
import { publishAccounts } from '../../../src/main/publish/context/accounts-port';
import type { PublishEngine } from '../../../src/main/publish/engine';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { SANDBOX_ACCOUNT_ID, openAccountsStore } from '../../../src/main/storage/accounts-store';
import { confStoreFactory } from '../../../src/main/storage/store-factory';
import { SANDBOX_TEST_IMPRINTS } from '../../../src/shared/domain/publishing/imprint';
import type { PublishJobView } from '../../../src/shared/domain/publishing/publish-job';
import {
  allPublished,
  clientOf,
  counts,
  engineOn,
  expectPublished,
  sandbox,
  sandboxAccounts,
  useScenes,
} from './helpers';

const scenes = useScenes();

/** Resolves with the first view that `test` accepts. */
function viewWhere(engine: PublishEngine, test: (job: PublishJobView) => boolean): Promise<PublishJobView> {
  const found = engine.list().find(test);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const stop = engine.onChange((jobs) => {
      const job = jobs.find(test);
      if (!job) return;
      stop();
      resolve(job);
    });
  });
}

describe('resuming jobs', () => {
  it('finishes without a duplicate when the engine is stopped after each step and opened again', async () => {
    const scene = await scenes.open();
    const { sb, d } = scene;
    const drafts = await d.makeDrafts(1, 3);
    // Each call takes a moment and uploads go one at a time, so that steps end one by one.
    sb.configure({ latencyMs: 15 });
    const client = clientOf(sb);
    const accounts = sandboxAccounts(() => client);
    const options = { progressIntervalMs: 1, limits: { uploads: 1 } };
    let engine = await engineOn(d, accounts, options);
    await engine.start(drafts.map((draft) => draft.id));
    // How many steps were done at each stop (a stop lets the call under way finish, and writes it).
    const stops: number[] = [];
    for (;;) {
      const before = engine.list()[0]!.stepsDone;
      const current = engine;
      // The moment a step is done, the engine stops, as on a quit.
      const stepped = await Promise.race([
        viewWhere(current, (job) => job.stepsDone > before).then(() => true),
        current.settled().then(() => false),
      ]);
      await current.close();
      if (!stepped) break;
      stops.push(current.list()[0]!.stepsDone);
      engine = await engineOn(d, accounts, options);
    }
    sb.configure({ latencyMs: 0 });
    // 11 steps: imprint, listing, 3 uploads, 3 attaches, order, publication, live. Stops came one
    // after another through all of them: among the photos, around the order and the publication.
    expect(stops.length).toBeGreaterThanOrEqual(6);
    expect(stops).toEqual([...stops].sort((a, b) => a - b));
    expect(new Set(stops).size).toBe(stops.length);
    expect(stops.some((done) => done >= 3 && done <= 8)).toBe(true);
    expect(stops.some((done) => done === 9 || done === 10)).toBe(true);
    expect(stops.at(-1)).toBe(11);
    const reopened = await scene.openEngine(accounts);
    expect(reopened.list().map((job) => job.state)).toEqual(['published']);
    await expectPublished(sb, d, drafts);
  });

  it('waits while the service is out of reach and carries on by itself once it is back', async () => {
    const serviceDir = await mkdtemp(path.join(tmpdir(), 'publish-service-'));
    const scene = await scenes.open({ dataDir: serviceDir });
    const { d } = scene;
    const port = new URL(scene.sb.baseUrl).port;
    const drafts = await d.makeDrafts(4, 2);
    const client = clientOf(scene.sb);
    const engine = await scene.openEngine(sandboxAccounts(() => client));
    scene.sb.configure({ latencyMs: 20 });
    await engine.start(drafts.map((draft) => draft.id));
    await viewWhere(engine, (job) => job.listingUuid !== null);
    await scene.sb.close();
    const waiting = await viewWhere(
      engine,
      (job) => job.state === 'waiting' && job.error?.problem === 'unreachable',
    );
    expect(waiting.error).toMatchObject({ remedy: 'wait', title: 'Service out of reach' });
    // The same service comes back on the same address, with what it had stored.
    scene.sb = await sandbox({ port: Number(port), dataDir: serviceDir });
    await allPublished(engine);
    await expectPublished(scene.sb, d, drafts);
    await scene.sb.close();
    await rm(serviceDir, { recursive: true, force: true });
  });

  it('goes on tracking a publication after a restart until it is PUBLISHED', async () => {
    const scene = await scenes.open({ validationDelayMs: 800 });
    const { sb, d } = scene;
    const [draft] = await d.makeDrafts(1, 1);
    const client = clientOf(sb);
    const accounts = sandboxAccounts(() => client);
    const first = await engineOn(d, accounts);
    await first.start([draft!.id]);
    const tracking = await viewWhere(first, (job) => job.state === 'tracking' && job.actualState !== null);
    expect(tracking.actualState).toBe('PENDING_VALIDATION');
    await first.close();
    expect((await d.drafts.get(draft!.id)).status).toBe('publishing');
    const second = await scene.openEngine(accounts);
    expect(second.list()[0]!.state).toBe('tracking');
    await allPublished(second);
    await expectPublished(sb, d, [draft!]);
    expect(counts(sb).publications).toBe(1);
  });

  it('cancels a running job, and a retry or a new Publish finishes it on the same listing', async () => {
    const scene = await scenes.open();
    const { sb, d } = scene;
    const [retried, republished] = await d.makeDrafts(2, 2);
    const client = clientOf(sb);
    const engine = await scene.openEngine(sandboxAccounts(() => client));
    sb.configure({ latencyMs: 30 });
    const [a, b] = await engine.start([retried!.id, republished!.id]);
    await viewWhere(engine, (job) => job.id === b!.jobId && job.listingUuid !== null);
    await viewWhere(engine, (job) => job.id === a!.jobId && job.listingUuid !== null);
    expect(await engine.cancel(a!.jobId!)).toBe(true);
    expect(await engine.cancel(b!.jobId!)).toBe(true);
    expect(engine.get(a!.jobId!)!.state).toBe('cancelled');
    // Back to an editable draft, ready to publish again (an imprint left to the account is allowed).
    expect((await d.drafts.get(retried!.id)).status).toBe('ready');
    sb.configure({ latencyMs: 0 });

    expect(await engine.retry(a!.jobId!)).toBe(true);
    const [again] = await engine.start([republished!.id]);
    expect(again!.jobId).not.toBe(b!.jobId);
    await engine.settled();
    expect(engine.get(a!.jobId!)!.state).toBe('published');
    expect(engine.get(again!.jobId!)!.state).toBe('published');
    // The cancelled job's listing went on to the new job; the old one cannot be retried any more.
    expect(engine.get(again!.jobId!)!.listingUuid).toBe(engine.get(b!.jobId!)!.listingUuid);
    expect(await engine.retry(b!.jobId!)).toBe(false);
    await expectPublished(sb, d, [retried!, republished!]);
  });

  it('moves a damaged job file aside, reports it, and runs the other jobs', async () => {
    const scene = await scenes.open();
    const { sb, d } = scene;
    const [draft] = await d.makeDrafts(1, 1);
    const broken = path.join(d.dataDir, 'jobs', '0f0f0f0f-0000-4000-8000-000000000000.json');
    const client = clientOf(sb);
    const accounts = sandboxAccounts(() => client);
    const first = await engineOn(d, accounts);
    await first.close();
    await writeFile(broken, '{"version": 1, "id": "0f0f0f0f');
    const errors: string[] = [];
    const engine = await scene.openEngine(accounts, {
      log: { info: () => undefined, error: (m) => errors.push(m) },
    });
    expect(engine.problems).toEqual([{ file: broken, movedAside: expect.stringContaining('.unreadable-') }]);
    expect(errors.join('\n')).toContain('moved aside');
    await engine.start([draft!.id]);
    await allPublished(engine);
  });

  it('makes the Sandbox’s marked test imprint, never one from contact data, kept by the accounts service', async () => {
    const scene = await scenes.open();
    const { sb, d } = scene;
    const [draft] = await d.makeDrafts(1, 1);
    const secrets = createSessionSecretStore('tests');
    await secrets.set(SANDBOX_ACCOUNT_ID, sb.clients[0]!.clientSecret);
    const accounts = await createAccountsService({
      store: openAccountsStore(confStoreFactory, d.dataDir),
      secrets,
      sandbox: { authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: sb.clients[0]!.clientId },
      onChange: () => undefined,
    });
    expect(accounts.record(SANDBOX_ACCOUNT_ID).defaultImprintUuid).toBeNull();
    const changed: string[][] = [];
    const engine = await scene.openEngine(publishAccounts(accounts), {
      onDraftsChanged: (ids) => changed.push(ids),
    });
    await engine.start([draft!.id]);
    await allPublished(engine);
    const account = accounts.record(SANDBOX_ACCOUNT_ID);
    expect(account.imprints).toHaveLength(1);
    expect(account.defaultImprintUuid).toBe(account.imprints[0]!.uuid);
    // In the app's language when it was made; these tests' apps run in English or German.
    expect(Object.values(SANDBOX_TEST_IMPRINTS)).toContain(account.imprints[0]!.content);
    expect(account.imprints[0]!.content).not.toContain('Erika Mustermann');
    const publication = await clientOf(sb).getPublication(
      engine.list()[0]!.listingUuid!,
      engine.list()[0]!.publicationUuid!,
    );
    expect(publication.imprintUuid).toBe(account.defaultImprintUuid);
    expect(changed.flat()).toContain(draft!.id);
  });
});

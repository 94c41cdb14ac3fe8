// The imprint is a commercial seller's legal notice (issue 26.2): a real account without one
// publishes nothing and no imprint is made up from the draft's contact data; once the seller enters
// one, it is created on the service with exactly that text and the ad is published with it. Jobs
// written before this rule keep working: one whose imprint step is done resumes as it was, one
// whose imprint was still to be made waits for the seller's and then finishes on the same listing.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAccountsService } from '../../../src/main/accounts/accounts-service';
import { publishAccounts, type PublishAccounts } from '../../../src/main/publish/context/accounts-port';
import type { PublishEngine } from '../../../src/main/publish/engine';
import type { ServiceClient } from '../../../src/main/service-client';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { openAccountsStore } from '../../../src/main/storage/accounts-store';
import { confStoreFactory } from '../../../src/main/storage/store-factory';
import type { PublishJobView } from '../../../src/shared/domain/publishing/publish-job';
import { allPublished, clientOf, counts, engineOn, expectPublished, useScenes, type Desk } from './helpers';

const scenes = useScenes();

const NOTICE =
  'Möbelhaus Schmidt GmbH\nIndustriestraße 7\n12099 Berlin\n\nVertreten durch: Anna Schmidt\nTelefon: 030 1234567\n\nRegistergericht: Amtsgericht Charlottenburg\nRegisternummer: HRB 12345\nUSt-IdNr.: DE123456789';

/** A real account's port over one sandbox client: no test imprint, its imprints kept in `imprints`. */
function realAccount(client: ServiceClient): PublishAccounts & { imprints: string[] } {
  const imprints: string[] = [];
  return {
    imprints,
    client: () => client,
    defaultImprintUuid: () => imprints[0] ?? null,
    testImprint: () => null,
    async createImprint(_accountId, content) {
      const { uuid } = await client.createImprint(content);
      imprints.push(uuid);
      return uuid;
    },
    activeId: () => 'sandbox',
  };
}

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

/** The job file of `jobId`, changed by `change` as an older version of the app would have left it. */
async function rewriteJob(d: Desk, jobId: string, change: (record: Record<string, unknown>) => void) {
  const file = path.join(d.dataDir, 'jobs', `${jobId}.json`);
  const record = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  change(record);
  await writeFile(file, JSON.stringify(record));
}

describe('the imprint of a real account', () => {
  it('is asked for: without one nothing is sent; with one it goes to the service as written', async () => {
    const serviceDir = await mkdtemp(path.join(tmpdir(), 'imprint-service-'));
    const { sb, d, openEngine } = await scenes.open({ dataDir: serviceDir });
    const [draft] = await d.makeDrafts(1, 1);
    const secrets = createSessionSecretStore('tests');
    const accounts = await createAccountsService({
      store: openAccountsStore(confStoreFactory, d.dataDir),
      secrets,
      sandbox: { authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: 'unused' },
      onChange: () => undefined,
    });
    const { clientId, clientSecret } = sb.clients[0]!;
    const shop = await accounts.save({
      name: 'Möbelhaus Schmidt',
      authUrl: sb.authUrl,
      baseUrl: sb.baseUrl,
      clientId,
      secret: clientSecret,
      authScheme: 'auto',
    });
    await d.drafts.update(draft!.id, (current) => ({ ...current, accountId: shop.id }));
    const engine = await openEngine(publishAccounts(accounts));

    const [refused] = await engine.start([draft!.id]);
    expect(refused!.jobId).toBeUndefined();
    expect(refused!.error).toMatchObject({ problem: 'imprint-missing', title: 'No imprint' });
    expect(refused!.error!.whatToDo).toContain('accounts imprint NAME FILE');
    // Nothing of it reached the service: no imprint made up from the contact data, no listing.
    expect(counts(sb)).toMatchObject({ imprints: 0, listings: 0 });
    expect(engine.list()).toEqual([]);
    expect((await d.drafts.get(draft!.id)).status).toBe('ready');

    await accounts.createImprint(shop.id, NOTICE);
    await engine.start([draft!.id]);
    await allPublished(engine);
    const job = engine.list()[0]!;
    const publication = await clientOf(sb).getPublication(job.listingUuid!, job.publicationUuid!);
    expect(publication.imprintUuid).toBe(accounts.record(shop.id).defaultImprintUuid);
    await engine.close();
    await sb.close();
    const state = JSON.parse(await readFile(path.join(serviceDir, 'state.json'), 'utf8')) as {
      imprints: { uuid: string; content: string }[];
    };
    expect(state.imprints).toEqual([
      expect.objectContaining({ uuid: publication.imprintUuid, content: NOTICE }),
    ]);
    await rm(serviceDir, { recursive: true, force: true });
  });

  it('a job written before, with its imprint done, resumes and publishes as it was', async () => {
    const { sb, d, openEngine } = await scenes.open();
    sb.configure({ latencyMs: 30 });
    const [draft] = await d.makeDrafts(1, 2);
    const client = clientOf(sb);
    // The old app made the imprint; the account's file of today lists none.
    const old = realAccount(client);
    old.imprints.push((await client.createImprint('Alt GmbH, Hauptstraße 1, 10115 Berlin')).uuid);
    const first = await engineOn(d, old);
    const [started] = await first.start([draft!.id]);
    await viewWhere(first, (job) => job.listingUuid !== null && job.stepsDone >= 2);
    await first.close();
    expect(first.get(started!.jobId!)!.state).not.toBe('published');

    const engine = await openEngine(realAccount(client));
    await allPublished(engine);
    await expectPublished(sb, d, [draft!]);
    expect(counts(sb).imprints).toBe(1);
  });

  it('a job written before, whose imprint was still to be made, waits for the seller’s, then finishes', async () => {
    const { sb, d, openEngine } = await scenes.open();
    sb.configure({ latencyMs: 30 });
    const [draft] = await d.makeDrafts(1, 2);
    const client = clientOf(sb);
    const old = realAccount(client);
    old.imprints.push('will-be-forgotten');
    const first = await engineOn(d, old);
    const [started] = await first.start([draft!.id]);
    await viewWhere(first, (job) => job.listingUuid !== null);
    await first.close();
    // As the old app left it: the imprint not yet made (it would have made one from contact data).
    await rewriteJob(d, started!.jobId!, (record) => {
      record.imprintUuid = null;
      record.state = 'running';
    });

    const account = realAccount(client);
    const engine = await openEngine(account);
    const failed = await viewWhere(engine, (job) => job.state === 'failed');
    expect(failed.error).toMatchObject({ problem: 'imprint-missing', remedy: 'check-account' });
    expect(counts(sb)).toMatchObject({ imprints: 0, publications: 0 });

    account.imprints.push((await client.createImprint(NOTICE)).uuid);
    expect(await engine.retry(started!.jobId!)).toBe(true);
    await allPublished(engine);
    await expectPublished(sb, d, [draft!]);
    const job = engine.get(started!.jobId!)!;
    expect(job.listingUuid).toBe(failed.listingUuid);
    const publication = await client.getPublication(job.listingUuid!, job.publicationUuid!);
    expect(publication.imprintUuid).toBe(account.imprints[0]);
  });
});

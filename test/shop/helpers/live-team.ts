// The team the four-eyes tests of live ads share (issue 37.4): on a fresh shop database, an owner
// desk ("Office", the database's owner), a publish desk ("Front", its own login, holding the
// account's secret) and a prepare desk ("Trainee", its own login, no secret), one account of a real
// sandbox selected on each; and the steps those tests take on it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../../src/sandbox';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { PublishState } from '../../../src/shared/domain/publishing/publish-job';
import { draftFieldsOf } from '../../../src/shared/domain/shop/draft-fields';
import type { AccountsState } from '../../../src/shared/ipc/types';
import { sampleDraft } from '../../fixtures/drafts';
import { colourFor, solidPng } from '../../fixtures/images';
import { publicationWithoutImprint as publication } from '../../helpers/imprint';
import { addRealAccount } from '../../helpers/real-account';
import { adminQuery, initShop, openDesk, SHOP_CLIENT, type Desk } from './desks';
import { freshDatabase } from './shared-postgres';
import { makeLogin } from './team-logins';

export const LIVE_WAIT = { timeout: 30_000, interval: 100 };

export interface LiveTeam {
  sb: Sandbox;
  url: string;
  office: Desk;
  /** The publish desk. */
  counter: Desk;
  /** The prepare desk. */
  desk: Desk;
  account: { id: string };
  /** The prepare login (for psql). */
  trainee: { url: string };
  /** The publish login (for psql). */
  front: { url: string };
}

/**
 * A real sandbox and a fresh shop database with a publish login ("Front") and a prepare login
 * ("Trainee"); the sandbox's closing goes into `cleanup`.
 */
export async function teamStart(cleanup: Array<() => Promise<unknown>>) {
  const sb = await startSandbox({ port: 0, validationDelayMs: 20, clients: [SHOP_CLIENT] });
  cleanup.push(() => sb.close());
  const url = await freshDatabase();
  await initShop(url);
  const front = await makeLogin(url, 'publish');
  const trainee = await makeLogin(url, 'prepare');
  return { sb, url, front, trainee };
}

/** Opens the team; each part it opens goes into `cleanup` (closed in reverse by the test). */
export async function liveTeam(cleanup: Array<() => Promise<unknown>>): Promise<LiveTeam> {
  const { sb, url, front, trainee } = await teamStart(cleanup);
  const open = async (name: string, via?: string) => {
    const desk = await openDesk(url, name, via ? { via } : {});
    cleanup.push(() => desk.close());
    return desk;
  };
  // The database's owner is the owner desk; it and the publish desk hold the account's secret.
  const office = await open('Office');
  const account = await addRealAccount(office, sb, {
    name: 'Möbelhaus',
    client: SHOP_CLIENT,
    select: true,
    imprint: 'Möbelhaus Schmidt GmbH',
  });
  const counter = await open('Front', front.url);
  const desk = await open('Trainee', trainee.url);
  for (const other of [counter, desk])
    await vi.waitFor(async () => {
      const { accounts } = await other.call<AccountsState>('accounts:list');
      expect(accounts.map((a) => a.id)).toContain(account.id);
    }, LIVE_WAIT);
  await counter.call('accounts:set-secret', { id: account.id, secret: SHOP_CLIENT.clientSecret });
  for (const other of [counter, desk]) await other.call('accounts:select', { id: account.id });
  return { sb, url, office, counter, desk, account, trainee, front };
}

/** Requests the sandbox answered on `route` so far. */
export const callsOn = (sb: Sandbox, route: string) =>
  Object.values(sb.stats().requests[route] ?? {}).reduce((sum, n) => sum + n, 0);

/** A draft titled `title` made on `desk` with one photo; its id. */
export async function draftOn(desk: Desk, title: string, accountId: string): Promise<string> {
  const made = await desk.call<Draft>('drafts:create');
  const fields = draftFieldsOf(
    sampleDraft(made.id, { title, customReference: title, publication, accountId }),
  );
  await desk.call('drafts:save', { draft: fields });
  const folder = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-live-team-'));
  writeFileSync(path.join(folder, 'photo.png'), solidPng(colourFor(title.length), 96));
  await desk.call('drafts:add-photos', { draftId: made.id, batchId: title, paths: [folder] });
  return made.id;
}

/** Publishes a draft titled `title` from `desk`: the live ad's uuid and the draft's id. */
export async function publishedAd(
  desk: Desk,
  title: string,
  accountId: string,
): Promise<{ uuid: string; draftId: string }> {
  const draftId = await draftOn(desk, title, accountId);
  await desk.call('publish:start', { draftIds: [draftId] });
  const uuid = await vi.waitFor(async () => {
    const { jobs } = await desk.call<PublishState>('publish:list');
    const job = jobs.find((x) => x.draftId === draftId);
    expect(job?.state).toBe('published');
    return job!.listingUuid!;
  }, LIVE_WAIT);
  return { uuid, draftId };
}

/** The job an approval queued, once it ended: its kind, its state and its one ad's. */
export const jobDone = (url: string, jobId: string) =>
  vi.waitFor(async () => {
    const [job] = await adminQuery<{ state: string; item: string; kind: string }>(
      url,
      `select kind, state, body->'record'->'items'->0->>'state' as item from listing_desk.jobs where id = $1`,
      [jobId],
    );
    expect(job?.state).toBe('done');
    return job!;
  }, LIVE_WAIT);

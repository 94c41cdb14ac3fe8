// Rate limits the whole account honours (issue 36.3): BENCH_DRAFTS (200) drafts published and a stock
// feed run at once while the service limits the account to BENCH_RATE (5) writes a second (a burst of
// as many; 429 with Retry-After beyond). The feed's BENCH_FEED (100) ads are on the service before
// the limit is set; half of them change their price, so the run sends that many updates while the
// drafts are published. Two cases, one code (rate-limit-case.ts):
// 1. a lone desk against its embedded Sandbox;
// 2. two desks of a shop on a real PostgreSQL (Debian's, started in a temporary folder as the shop
//    suite does) working for one account on one service: the shop floor's desk presses Publish for
//    the drafts (the shop's queue hands their jobs to both desks) while the office's desk runs the
//    feed, so both desks write for the account at once and share its pace through the database.
// Prints for each: drafts published, jobs not published and failed for the limit, the feed's updates
// and failures, duplicates, the calls and the share answered 429 (target ≤ 5 %), and the time against
// the writes that passed ÷ the rate (target ≤ 1.2×).
// Run: npx tsx bench/reliability/rate-limit.ts   (BENCH_CASE=lone or shop for one case alone)
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/main/app';
import { silentLog } from '../../src/main/log/log';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import { startSandbox } from '../../src/sandbox';
import type { AccountsState, DraftsListResult } from '../../src/shared/ipc/types';
import { addPublishingAccount } from '../../test/helpers/real-account';
import { startPostgres } from '../../test/shop/helpers/postgres';
import { initBenchShop, openBenchDesk, type BenchDesk } from '../shop/bench-desk';
import { runRateCase, type CaseDesk } from './rate-limit-case';

const sizes = {
  drafts: Number(process.env.BENCH_DRAFTS ?? 200),
  rate: Number(process.env.BENCH_RATE ?? 5),
  feed: Number(process.env.BENCH_FEED ?? 100),
};
const CASES = process.env.BENCH_CASE ?? 'lone,shop';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const begun = performance.now();
/** A step of the set-up, on stderr (the figures go to stdout). */
const step = (what: string) =>
  console.error(`  [${((performance.now() - begun) / 1000).toFixed(0)} s] ${what}`);

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`waited in vain for ${what}`);
    await sleep(200);
  }
}

async function lone(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-bench-rate-'));
  try {
    const app = await createApp(
      { shell: 'web', dataDir: path.join(work, 'data'), version: 'bench', systemLocale: 'de-DE' },
      { storeFactory: confStoreFactory, secretStore: createSessionSecretStore('benchmark'), log: silentLog },
    );
    const desk: CaseDesk = {
      name: 'the desk',
      async call<T>(channel: string, input?: unknown): Promise<T> {
        const result = await app.router.call(channel, input);
        if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
        return result.value as T;
      },
    };
    const sb = app.sandbox.sandbox;
    sb.configure({ validationDelayMs: 300 });
    await runRateCase({
      title: 'Rate limit, a lone desk',
      sb,
      accountId: 'sandbox',
      publisher: desk,
      feeder: desk,
      desks: [desk],
      step,
      work,
      ...sizes,
    });
    await app.close();
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function shop(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'listing-desk-bench-rate-shop-'));
  const server = await startPostgres();
  const client = { clientId: 'moebelhaus-schmidt', clientSecret: randomBytes(12).toString('hex') };
  const sb = await startSandbox({ port: 0, validationDelayMs: 300, clients: [client] });
  const opened: BenchDesk[] = [];
  try {
    const url = await server.createDatabase();
    await initBenchShop(url);
    const floor = await openBenchDesk(url, 'Laden');
    opened.push(floor);
    const office = await openBenchDesk(url, 'Büro');
    opened.push(office);
    step('two desks opened');
    await Promise.all([floor.connected(), office.connected()]);
    step('both desks connected to the shop');
    // The shop's account (with its imprint), added on the shop floor with its secret; the office's
    // seller types the secret once the account came over (secrets stay in each desk's keychain).
    const account = await addPublishingAccount(floor, sb, 'Möbelhaus', client);
    await waitFor('the account on the office desk', async () =>
      (await office.call<AccountsState>('accounts:list')).accounts.some((a) => a.id === account.id),
    );
    step('the account came over to the office desk');
    await office.call('accounts:set-secret', { id: account.id, secret: client.clientSecret });
    const desks = [floor, office].map((desk, n): CaseDesk => ({
      name: n === 0 ? 'Laden' : 'Büro',
      call: (channel, input) => desk.call(channel, input),
    }));
    await runRateCase({
      title: 'Rate limit, two desks of a shop sharing the account',
      sb,
      accountId: account.id,
      publisher: desks[0]!,
      feeder: desks[1]!,
      desks,
      // The office desk runs jobs of drafts it has: wait until they all came over.
      ready: async (ids) => {
        step(`${ids.length} drafts made on the shop floor's desk`);
        await waitFor('the drafts on the office desk', async () => {
          const listed = await office.call<DraftsListResult>('drafts:list', {});
          return listed.total >= ids.length;
        });
        step('the drafts came over to the office desk; the limit is set, Publish pressed, the feed run');
      },
      step,
      work,
      ...sizes,
    });
  } finally {
    for (const desk of opened) await desk.remove().catch(() => undefined);
    await sb.close();
    server.remove();
    await rm(work, { recursive: true, force: true });
  }
}

if (CASES.includes('lone')) await lone();
if (CASES.includes('shop')) await shop();

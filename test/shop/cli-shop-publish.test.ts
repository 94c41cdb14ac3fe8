// Publishing from the command line of a desk in a shop while another desk runs the job (checked
// from outside, issue 24.5): `status` lists the shop's jobs, not only this desk's, from its first
// read of the queue; `publish` of that draft names the desk that runs it instead of waiting in
// silence for up to a lease, in English and German.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { put, putPhoto } from '../fixtures/import/import-files';
import { cli, cliInBackground, serviceOptions, type CliRun } from '../integration/cli/run-cli';
import { counts } from '../integration/publish/helpers';
import { initialisedShop, newDataDir, removeDataDirs, sql } from './helpers/shop-cli';

const SECRET = 'S3cretShopClient-cli-publish';
let sandbox: Sandbox | undefined;
afterAll(async () => {
  await sandbox?.close();
  removeDataDirs();
});

/** Runs `step`, failing with its stderr when its exit code is not `code`. */
async function ok(step: Promise<CliRun>, code = 0): Promise<CliRun> {
  const run = await step;
  expect(run.code, run.stderr).toBe(code);
  return run;
}

describe('publishing on the command line of a desk in a shop', () => {
  it('lists the job another desk runs in status, and publish names that desk while it waits', async () => {
    // The publication is slow to make: the first desk's job stays running (its draft not online
    // yet, so another desk's Publish joins it) while the second desk looks.
    sandbox = await startSandbox({
      clients: [{ clientId: 'shopclient', clientSecret: SECRET }],
      faults: [{ route: 'POST /v1/listings/:uuid/publications', kind: 'delay', ms: 25_000 }],
    });
    const { deskUrl, password, adminUrl } = await initialisedShop();
    const front = newDataDir();
    const back = newDataDir();
    const service = serviceOptions(sandbox, 'shopclient');
    for (const [dataDir, name] of [
      [front, 'Front'],
      [back, 'Back'],
    ] as const) {
      await ok(cli(['shop', 'join', deskUrl, '--data-dir', dataDir, '--name', name], {}, `${password}\n`));
      // The account is the shop's; each desk types its secret into its own keychain.
      await ok(cli(['accounts', 'add', 'Shop', ...service, '--data-dir', dataDir], {}, `${SECRET}\n`));
    }
    const dir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-shop-publish-'));
    await ok(
      cli([
        'accounts',
        'imprint',
        'Shop',
        put(dir, 'imprint.txt', 'Shop GmbH\nMain St 1\n10115 Berlin\n'),
        '--data-dir',
        front,
      ]),
    );
    putPhoto(path.join(dir, 'photos'), 'lamp.png', 2);
    const table = put(
      dir,
      'stock.csv',
      'Title;Description;Category;Price;Email;Street;Postal code;City;District;Radius;Photo;Reference\n' +
        'Brass lamp;Works well.;Home/Furniture;45;shop@example.com;Main St 1;10115;Berlin;Mitte;25;lamp.png;L-1\n',
    );
    await ok(
      cli([
        'import',
        table,
        '--keep-categories',
        '--photos',
        path.join(dir, 'photos'),
        '--account',
        'Shop',
        '--data-dir',
        front,
      ]),
    );
    const drafts = await sql(adminUrl, `select id from listing_desk.items where kind = 'draft'`);
    expect(drafts.rows).toHaveLength(1);
    const draftId = String(drafts.rows[0].id);

    const first = cliInBackground(['publish', draftId, '--data-dir', front]);
    // The job is the front desk's (in the shop's queue, run there) before the back desk looks.
    await vi.waitFor(
      async () => {
        const jobs = await sql(adminUrl, `select id, state from listing_desk.jobs where kind = 'publish'`);
        expect(jobs.rows).toMatchObject([{ state: 'running' }]);
      },
      { timeout: 30_000, interval: 200 },
    );
    const jobId = String((await sql(adminUrl, `select id from listing_desk.jobs`)).rows[0].id);

    // The back desk's first read of the queue is held (a long statement on the jobs, as a busy
    // shop has) until its command has either answered or said that it waits for that read.
    const holder = new pg.Client({ connectionString: adminUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table listing_desk.jobs in access exclusive mode');
    const status = cliInBackground(['status', '--json', '--data-dir', back]);
    const log = path.join(back, 'logs', 'listing-desk.log');
    await vi.waitFor(
      () =>
        expect(
          status.seen.stdout !== '' || readFileSync(log, 'utf8').includes('first read of the publish queue'),
        ).toBe(true),
      { timeout: 60_000, interval: 100 },
    );
    await holder.query('commit');
    await holder.end();
    expect(await status.done, status.seen.stderr).toBe(0);
    const listed = (JSON.parse(status.seen.stdout) as { jobs: { id: string }[] }).jobs;
    expect(listed).toMatchObject([{ id: jobId, draftId, desk: { runner: 'Front', here: false } }]);

    // Pressed on this desk too: it joins the front desk's job and says who runs it (then Ctrl+C).
    for (const [env, words] of [
      [{}, 'run by the desk “Front”: this command waits for it'],
      [{ LANG: 'de_DE.UTF-8' }, 'läuft auf dem Arbeitsplatz „Front“: Dieser Befehl wartet darauf'],
    ] as const) {
      const again = cliInBackground(['publish', draftId, '--data-dir', back], env);
      await vi.waitFor(() => expect(again.seen.stderr).toContain(words), { timeout: 60_000, interval: 200 });
      again.child.kill('SIGINT'); // the seller's Ctrl+C
      await again.done;
      expect(again.seen.stderr.split(words)).toHaveLength(2);
    }
    expect(await first.done).toBe(0);
    expect(first.seen.stderr).not.toContain('run by the desk');
    // One listing with its photo, whichever desk pressed.
    expect(counts(sandbox)).toMatchObject({ listings: 1, media: 1, publications: 1 });
  }, 180_000);
});

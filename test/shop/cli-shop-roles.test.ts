// Roles of a team's desks on the command line (issue 37.1-2): `shop role` with the owner's login,
// `shop desks` and `shop status` on a desk, and a prepare desk's Publish made a request (issue 37.4)
// that `approvals` lists, sends back and approves (never on the asking desk), in English and German,
// each command a child process against a real PostgreSQL.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSecretStore } from '../../src/main/secrets/keytar-store';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { put, putPhoto } from '../fixtures/import/import-files';
import { cli, serviceOptions, type CliRun } from '../integration/cli/run-cli';
import { initialisedShop, newDataDir, removeDataDirs, sql } from './helpers/shop-cli';

const SECRET = 'S3cretShopClient-cli-roles';
let sandbox: Sandbox | undefined;
afterAll(async () => {
  await sandbox?.close();
  removeDataDirs();
});

async function ok(step: Promise<CliRun>, code = 0): Promise<CliRun> {
  const run = await step;
  expect(run.code, run.stderr).toBe(code);
  return run;
}

const GERMAN = { LANG: 'de_DE.UTF-8' };

describe('roles on the command line', () => {
  it("changes a desk's role, lists the team's desks, and takes a prepare desk's Publish as a request another desk approves", async () => {
    sandbox = await startSandbox({ clients: [{ clientId: 'shopclient', clientSecret: SECRET }] });
    const { deskUrl, password, adminUrl } = await initialisedShop();
    const front = new URL(deskUrl).username;
    // A second login, made by `shop add-desk` in the publish group, then set to prepare.
    const trainee = `${front}_t`;
    const added = await ok(cli(['shop', 'add-desk', trainee, '--owner', adminUrl], {}, 'trainee-pw-1\n'));
    expect(added.stdout).toContain(`listing_desk_publish_`);
    const set = await ok(cli(['shop', 'role', trainee, 'prepare', '--owner', adminUrl]));
    expect(set.stdout).toContain(`The login ${trainee} is now a “prepare” desk (it was “publish”)`);
    const same = await ok(cli(['shop', 'role', trainee, 'prepare', '--owner', adminUrl], GERMAN));
    expect(same.stdout).toContain(`Die Anmeldung ${trainee} hat die Rolle „Vorbereiten“ schon`);

    // The owner's password is asked (here piped) each time when the address has none.
    const ownerNoPassword = new URL(adminUrl);
    const ownerPassword = decodeURIComponent(ownerNoPassword.password);
    ownerNoPassword.password = '';
    await ok(
      cli(['shop', 'role', front, 'owner', '--owner', ownerNoPassword.toString()], {}, `${ownerPassword}\n`),
    );
    for (const [env, words] of [
      [{}, `${front} is the team's last owner desk: make another desk owner first`],
      [GERMAN, `${front} ist der letzte Arbeitsplatz mit der Rolle Inhaber im Team`],
    ] as const) {
      const refused = await ok(cli(['shop', 'role', front, 'publish', '--owner', adminUrl], env), 9);
      expect(refused.stderr).toContain(words);
    }
    const stranger = await ok(cli(['shop', 'role', 'postgres', 'prepare', '--owner', adminUrl]), 9);
    expect(stranger.stderr).toContain('“postgres” is not a desk login of this team');
    const usage = await ok(cli(['shop', 'role', trainee, 'boss', '--owner', adminUrl]), 2);
    expect(usage.stderr).toContain('shop role DESK prepare|publish|owner --owner URL');

    // The owner desk sets up the account and a draft; the prepare desk joins and sees them.
    const office = newDataDir();
    const desk = newDataDir();
    await ok(cli(['shop', 'join', deskUrl, '--data-dir', office, '--name', 'Office'], {}, `${password}\n`));
    const service = serviceOptions(sandbox, 'shopclient');
    await ok(cli(['accounts', 'add', 'Shop', ...service, '--data-dir', office], {}, `${SECRET}\n`));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-shop-roles-'));
    await ok(
      cli([
        'accounts',
        'imprint',
        'Shop',
        put(dir, 'imprint.txt', 'Shop GmbH\nMain St 1\n10115 Berlin\n'),
        '--data-dir',
        office,
      ]),
    );
    putPhoto(path.join(dir, 'photos'), 'lamp.png', 2);
    const table = put(
      dir,
      'stock.csv',
      'Title;Description;Category;Price;Email;Street;Postal code;City;District;Radius;Photo;Reference\n' +
        'Brass lamp;Works well.;Home/Furniture;45;shop@example.com;Main St 1;10115;Berlin;Mitte;25;lamp.png;L-1\n',
    );
    const photos = ['--photos', path.join(dir, 'photos')];
    await ok(
      cli(['import', table, '--keep-categories', ...photos, '--account', 'Shop', '--data-dir', office]),
    );
    const traineeUrl = new URL(deskUrl);
    traineeUrl.username = trainee;
    await ok(
      cli(
        ['shop', 'join', traineeUrl.toString(), '--data-dir', desk, '--name', 'Trainee'],
        {},
        'trainee-pw-1\n',
      ),
    );

    const status = JSON.parse((await ok(cli(['shop', 'status', '--json', '--data-dir', desk]))).stdout) as {
      role: string;
    };
    expect(status.role).toBe('prepare');
    const statusText = await ok(cli(['shop', 'status', '--data-dir', desk]));
    expect(statusText.stdout).toContain("This desk's role in the team: prepare");
    const listed = JSON.parse((await ok(cli(['shop', 'desks', '--json', '--data-dir', desk]))).stdout) as {
      logins: unknown[];
    };
    expect(listed.logins).toEqual(
      [
        { login: front, role: 'owner', desks: ['Office'] },
        { login: trainee, role: 'prepare', desks: ['Trainee'] },
      ].sort((a, b) => a.login.localeCompare(b.login)),
    );
    const text = await ok(cli(['shop', 'desks', '--data-dir', desk], GERMAN));
    expect(text.stdout).toMatch(new RegExp(`${trainee}\\s+Vorbereiten\\s+Trainee`));
    const lone = await ok(cli(['shop', 'desks', '--data-dir', newDataDir()]), 2);
    expect(lone.stderr).not.toBe('');

    // The prepare desk's Publish asks for approval (issue 37.4): a request, no job. Its account's secret left its
    // keychain with its role (issue 37.2); a request needs none.
    const drafts = await sql(adminUrl, `select id from listing_desk.items where kind = 'draft'`);
    const draftId = String(drafts.rows[0].id);
    const askOnce = async () => {
      const asked = await ok(cli(['publish', draftId, '--wait', '1', '--data-dir', desk]));
      expect(asked.stderr).toContain('asked for approval (request ');
      const summary = JSON.parse(asked.stdout) as {
        ok: boolean;
        asked: number;
        items: { requestId: string }[];
      };
      expect(summary).toMatchObject({ ok: true, asked: 1, items: [{ state: 'asked' }] });
      return summary.items[0]!.requestId;
    };
    const first = await askOnce();
    expect((await sql(adminUrl, `select id from listing_desk.jobs`)).rows).toEqual([]);
    const requests = JSON.parse(
      (await ok(cli(['approvals', 'list', '--json', '--data-dir', office]))).stdout,
    ) as {
      waiting: number;
      requests: { id: string; askedByName: string; ad: { title: string } }[];
    };
    expect(requests).toMatchObject({
      waiting: 1,
      requests: [{ id: first, askedByName: 'Trainee', ad: { title: 'Brass lamp' } }],
    });
    const german = await ok(cli(['approvals', 'list', '--data-dir', office], GERMAN));
    expect(german.stdout).toMatch(new RegExp(`${first}\\s+veröffentlichen\\s+wartet\\s+Trainee`));
    expect(german.stdout).toContain('1 Anfrage wartet auf Freigabe.');
    // Sent back with a note, which the asking desk reads.
    expect((await ok(cli(['approvals', 'send-back', first, '--data-dir', office]), 2)).stderr).toContain(
      'approvals send-back needs a note',
    );
    await ok(
      cli(['approvals', 'send-back', first, '--note', 'Say the lamp is brass.', '--data-dir', office]),
    );
    const back = await ok(cli(['approvals', 'list', '--data-dir', desk]));
    expect(back.stdout).toContain(`${first}: sent back by Office: Say the lamp is brass.`);

    // Asked again: the prepare desk cannot approve it, in words; the owner desk approves it.
    const second = await askOnce();
    for (const [env, words] of [
      [{}, "This desk's role in the team is “prepare”: it may not approve or send back requests"],
      [GERMAN, 'Die Rolle dieses Arbeitsplatzes im Team ist „Vorbereiten“. Sie erlaubt nicht, Anfragen'],
    ] as const) {
      const refused = await ok(cli(['approvals', 'approve', second, '--data-dir', desk], env), 9);
      expect(refused.stderr).toContain(words);
    }
    const approved = await ok(cli(['approvals', 'approve', second, '--data-dir', office]));
    expect(approved.stdout).toContain(`Request ${second} approved`);
    const again = await ok(cli(['approvals', 'approve', second, '--data-dir', office]), 1);
    expect(again.stderr).toContain('This request was approved already.');
    // The owner desk, which holds the secret, runs the approved job: published once. Both desks of
    // this test share this machine's keychain, from which the prepare desk took the account's secret
    // (issue 37.2): the owner desk's is put back first.
    const listedOffice = JSON.parse(
      (await ok(cli(['accounts', 'list', '--json', '--data-dir', office]))).stdout,
    ) as { accounts?: { id: string; name: string }[] } | { id: string; name: string }[];
    const officeAccounts = Array.isArray(listedOffice) ? listedOffice : (listedOffice.accounts ?? []);
    const shopAccount = officeAccounts.find((account) => account.name === 'Shop')!;
    await (await openSecretStore()).set(shopAccount.id, SECRET);
    await ok(cli(['publish', draftId, '--data-dir', office]));
    expect((await sql(adminUrl, `select state from listing_desk.jobs`)).rows).toEqual([
      { state: 'published' },
    ]);
  }, 600_000);

  it('lets a publish desk join with an account of its own, which stays on it: the database takes accounts from owners only', async () => {
    sandbox ??= await startSandbox({ clients: [{ clientId: 'shopclient', clientSecret: SECRET }] });
    const { deskUrl, adminUrl } = await initialisedShop();
    const login = `${new URL(deskUrl).username}_p`;
    await ok(cli(['shop', 'add-desk', login, '--owner', adminUrl], {}, 'publish-pw-1\n'));
    const desk = newDataDir();
    await ok(
      cli(
        ['accounts', 'add', 'Own', ...serviceOptions(sandbox, 'shopclient'), '--data-dir', desk],
        {},
        `${SECRET}\n`,
      ),
    );
    const url = new URL(deskUrl);
    url.username = login;
    const joined = await ok(
      cli(['shop', 'join', url.toString(), '--data-dir', desk, '--name', 'Counter'], {}, 'publish-pw-1\n'),
    );
    expect(joined.stdout).toContain('Counter');
    expect((await sql(adminUrl, `select id from listing_desk.items where kind = 'account'`)).rows).toEqual(
      [],
    );
    const status = JSON.parse((await ok(cli(['shop', 'status', '--json', '--data-dir', desk]))).stdout) as {
      role: string;
      waiting: number;
      failed: { stuck: number };
    };
    expect(status).toMatchObject({ role: 'publish', waiting: 0, failed: { stuck: 0 } });
    const accounts = await ok(cli(['accounts', 'list', '--json', '--data-dir', desk]));
    expect(accounts.stdout).toContain('"Own"');
  }, 120_000);
});

// A desk in a shop through the commands (issue 24.1, 24.2, 24.7): `shop join` keeps the password in
// the keychain only and exchanges the desks' drafts, `shop status` shows the shop, `shop leave`
// forgets it (offline too). Runs in the keychain's D-Bus session, as npm test runs the shop suite.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, serviceOptions } from '../integration/cli/run-cli';
import {
  deskOnOwnServer,
  everyFile,
  initialisedShop,
  keychainEntries,
  newDataDir,
  removeDataDirs,
  sql,
} from './helpers/shop-cli';

afterAll(removeDataDirs);

describe('a desk in a shop', () => {
  it('joins with the password in the keychain only, shows the shop, leaves it, and cannot write after', async () => {
    const { adminUrl, deskUrl, password } = await initialisedShop();
    const dataDir = newDataDir();
    const join = await cli(
      ['shop', 'join', deskUrl, '--data-dir', dataDir, '--name', 'Front desk'],
      {},
      `${password}\n`,
    );
    expect(join.code, join.stderr).toBe(0);
    expect(join.stderr).toContain('Made a new data folder');
    expect(join.stdout).toContain('This desk, "Front desk", joined the team at desk_');

    const membership = JSON.parse(readFileSync(path.join(dataDir, 'shop', 'membership.json'), 'utf8')) as {
      url: string;
      deskId: string;
    };
    expect(membership.url).toBe(deskUrl);
    // The password is in the keychain under this desk, and in no file of the data folder.
    expect(await keychainEntries()).toContainEqual({
      account: `shop-database-password:${membership.deskId}`,
      password,
    });
    for (const { file, text } of everyFile(dataDir)) {
      expect(text, file).not.toContain(password);
      expect(text, file).not.toContain(encodeURIComponent(password));
    }

    const status = await cli(['shop', 'status', '--json', '--data-dir', dataDir]);
    expect(status.code, status.stderr).toBe(0);
    const view = JSON.parse(status.stdout) as {
      member: boolean;
      link: { state: string };
      waiting: number;
      desks: { name: string; self: boolean; leftAt: string | null }[];
    };
    expect(view).toMatchObject({
      member: true,
      link: { state: 'connected' },
      waiting: 0,
      deskName: 'Front desk',
    });
    expect(view.desks).toEqual([expect.objectContaining({ name: 'Front desk', self: true, leftAt: null })]);
    const text = await cli(['shop', 'status', '--data-dir', dataDir], { LANG: 'de_DE.UTF-8' });
    expect(text.stdout).toContain('Dieser Arbeitsplatz: Front desk');
    expect(text.stdout).toMatch(/Verbunden \(geprüft \d\d\.\d\d\.\d{4}, \d\d:\d\d\)/);
    expect(text.stdout).toMatch(/Front desk +\d\d\.\d\d\.\d{4}, \d\d:\d\d +dieser Arbeitsplatz/);

    // A second desk may not take the same name.
    const twin = await cli(
      ['shop', 'join', deskUrl, '--data-dir', newDataDir(), '--name', 'front DESK'],
      {},
      `${password}\n`,
    );
    expect(twin.code).toBe(9);
    expect(twin.stderr).toContain('Another desk of this team is called "front DESK"');

    const leave = await cli(['shop', 'leave', '--data-dir', dataDir]);
    expect(leave.code, leave.stderr).toBe(0);
    expect(leave.stdout).toContain('This desk left the team at');
    expect(existsSync(path.join(dataDir, 'shop', 'membership.json'))).toBe(false);
    expect((await keychainEntries()).map((c) => c.account)).not.toContain(
      `shop-database-password:${membership.deskId}`,
    );
    const row = await sql(adminUrl, 'select left_at from listing_desk.desks where id = $1', [
      membership.deskId,
    ]);
    expect(row.rows[0].left_at).not.toBeNull();
    // The database refuses the desk that left.
    await expect(
      sql(
        adminUrl,
        `insert into listing_desk.photos (hash, bytes, size, desk) values ('h', '\\x00', 1, $1)`,
        [membership.deskId],
      ),
    ).rejects.toMatchObject({ code: 'LD001' });
    const lone = await cli(['shop', 'status', '--data-dir', dataDir]);
    expect(lone.stdout).toContain('This desk is in no team: it works alone on its files.');
  });
});

describe('two desks joined with the commands', () => {
  it("send their drafts and accounts once and receive the other's, never a client secret", async () => {
    const { adminUrl, deskUrl, password } = await initialisedShop();
    const table = path.join(mkdtempSync(path.join(os.tmpdir(), 'listing-desk-shop-csv-')), 'stock.csv');
    writeFileSync(table, 'Title;Price\nOak table;120\nBirch chair;45\n');
    const front = newDataDir();
    const imported = await cli(['import', table, '--data-dir', front]);
    expect(imported.code, imported.stderr).toBe(6);
    // An account with its secret in this desk's keychain: the account is shared, the secret never.
    const secret = `client-secret-${randomBytes(6).toString('hex')}`;
    const account = await cli(
      [
        'accounts',
        'add',
        'Laden',
        ...serviceOptions(
          { authUrl: 'http://127.0.0.1:9/auth', baseUrl: 'http://127.0.0.1:9/api' },
          'laden-1',
        ),
        '--data-dir',
        front,
      ],
      {},
      `${secret}\n`,
    );
    expect(account.stdout).toContain('Laden');
    const sent = await cli(
      ['shop', 'join', deskUrl, '--data-dir', front, '--name', 'Front'],
      {},
      `${password}\n`,
    );
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stderr).toContain("Sending this desk's data: 0/");
    expect(sent.stdout).toMatch(/Sent [1-9]\d* of this desk's items to the team/);

    const back = newDataDir();
    const got = await cli(
      ['shop', 'join', deskUrl, '--data-dir', back, '--name', 'Back'],
      {},
      `${password}\n`,
    );
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toContain('and received everything the team has');
    const status = await cli(['status', '--json', '--data-dir', back]);
    expect((JSON.parse(status.stdout) as { drafts: { total: number } }).drafts.total).toBe(2);
    const accounts = await cli(['accounts', 'list', '--json', '--data-dir', back]);
    expect(accounts.stdout).toContain('laden-1');
    const leaked = await sql(
      adminUrl,
      `select (select count(*) from listing_desk.items where body::text like $1)
            + (select count(*) from listing_desk.changes where body::text like $1) as n`,
      [`%${secret}%`],
    );
    expect(Number(leaked.rows[0].n)).toBe(0);
    const shop = await cli(['shop', 'status', '--json', '--data-dir', back]);
    const names = (JSON.parse(shop.stdout) as { desks: { name: string }[] }).desks.map((desk) => desk.name);
    expect(names.sort()).toEqual(['Back', 'Front']);
  });
});

describe('leaving while the database is down', () => {
  it('still leaves, forgetting membership and password, and says the database was not told', async () => {
    const { server, adminUrl, dataDir } = await deskOnOwnServer('Back room');
    try {
      const { deskId } = JSON.parse(readFileSync(path.join(dataDir, 'shop', 'membership.json'), 'utf8')) as {
        deskId: string;
      };
      server.stop();
      const status = await cli(['shop', 'status', '--data-dir', dataDir]);
      expect(status.code).toBe(8);
      expect(status.stdout).toMatch(/Not connected \(checked [A-Z][a-z]{2} \d{1,2}, \d{4}, /);
      expect(status.stderr).toContain('cannot be reached');
      const leave = await cli(['shop', 'leave', '--data-dir', dataDir], { LANG: 'de_DE.UTF-8' });
      expect(leave.code, leave.stderr).toBe(0);
      expect(leave.stdout).toContain('aber die Datenbank wurde nicht benachrichtigt');
      expect(leave.stdout).toContain('ist nicht erreichbar');
      expect(existsSync(path.join(dataDir, 'shop', 'membership.json'))).toBe(false);
      expect((await keychainEntries()).map((c) => c.account)).not.toContain(
        `shop-database-password:${deskId}`,
      );
      server.start();
      // Not told: the database still lists the desk, as the words said.
      const row = await sql(adminUrl, 'select left_at from listing_desk.desks where id = $1', [deskId]);
      expect(row.rows[0].left_at).toBeNull();
    } finally {
      server.remove();
    }
  });
});

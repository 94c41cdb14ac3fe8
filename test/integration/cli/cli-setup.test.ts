// A command line that sets itself up (issue 26.5), where no keychain is reachable (as in CI's
// integration run; the keychain suite has the same commands with a real one): `import` makes a data
// folder that does not exist yet, `status` counts the drafts by state, `accounts defaults`,
// `accounts list` and `accounts test` work on the built-in Sandbox, and `accounts add` refuses
// plainly, writing its secret nowhere.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Draft } from '../../../src/shared/domain/drafts/draft';
import type { DraftsListResult } from '../../../src/shared/ipc/types';
import { put, putPhoto } from '../../fixtures/import/import-files';
import { createTempApp, tempDir } from '../../unit/helpers/temp-app';
import { cli, serviceOptions } from './run-cli';

const root = tempDir('listing-desk-cli-setup-');
afterAll(() => root.remove());

// No Secret Service, whatever the machine running the tests has: the CLI finds no keychain.
const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/listing-desk-bus', DISPLAY: '' };
const run = (args: string[], input?: string, env: NodeJS.ProcessEnv = {}) =>
  cli(args, { ...NO_KEYCHAIN, ...env }, input);

/** Every file under `dir` that holds `text`. */
function filesHolding(dir: string, text: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => {
    const full = path.join(dir, file);
    return statSync(full).isFile() && readFileSync(full).includes(text);
  });
}

const dir = path.join(root.dir, 'neu', 'desk');
const src = path.join(root.dir, 'quelle');

describe('a data folder made by the command line', () => {
  it('is refused by status while it does not exist, and made by import as the first start does', async () => {
    const status = await run(['status', '--data-dir', dir]);
    expect(status.code).toBe(2);
    expect(status.stderr).toContain(`There is no data folder ${dir}.`);
    expect(status.stderr).toContain('`import`, `accounts add` and `shop join` make a new one');
    expect(existsSync(dir)).toBe(false);

    putPhoto(src, 'lampe.png', 1);
    const file = put(
      src,
      'bestand.csv',
      'Titel;Beschreibung;Kategorie;Preis;E-Mail;Straße;PLZ;Ort;Stadtteil;Umkreis;Bild;Referenz\n' +
        'Stehlampe;Messing, funktioniert.;Haushalt/Möbel;45;shop@example.de;Hauptstraße 1;10115;Berlin;Mitte;25;lampe.png;L-1\n' +
        'Sessel;;Haushalt/Möbel;;;;;;;;;S-1\n',
    );
    const imported = await run(['import', file, '--keep-categories', '--data-dir', dir]);
    // One draft ready, one not: every row imported whole, exit code 6.
    expect(imported.code, imported.stderr).toBe(6);
    expect(imported.stderr).toContain(
      `Made a new data folder ${dir}, as Listing Desk does at its first start.`,
    );
    expect(JSON.parse(imported.stdout)).toMatchObject({ created: 2, refused: [] });
    // What the app's first start leaves there: its accounts, drafts, the log.
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['accounts.json', 'drafts', 'logs']));
  }, 120_000);

  it('counts the drafts by state in status, in text and JSON, in English and German', async () => {
    const text = await run(['status', '--data-dir', dir]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      'Drafts: 1 incomplete, 1 ready, 0 publishing, 0 published, 0 failed, 0 ended; 0 in the trash.',
    );
    expect(text.stdout).toContain('No publish jobs.');

    const json = await run(['status', '--json', '--data-dir', dir]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      drafts: {
        account: null,
        draft: 1,
        ready: 1,
        publishing: 0,
        published: 0,
        failed: 0,
        ended: 0,
        trash: 0,
        total: 2,
      },
      jobs: [],
    });

    const german = await run(['status', '--account', 'Sandbox', '--data-dir', dir], undefined, {
      LANG: 'de_DE.UTF-8',
    });
    expect(german.code, german.stderr).toBe(0);
    expect(german.stdout).toContain(
      'Entwürfe von „Sandbox“: 1 unvollständig, 1 bereit, 0 werden veröffentlicht, 0 veröffentlicht, 0 fehlgeschlagen, 0 beendet; 0 im Papierkorb.',
    );
  }, 120_000);

  it('names why no draft is ready when publish --ready has none, with exit code 6', async () => {
    const app = await createTempApp(dir);
    try {
      // The ready one goes to the trash: only the incomplete one is left.
      const list = await app.call<DraftsListResult>('drafts:list', { status: 'ready', account: 'all' });
      await app.call('drafts:trash', { ids: list.items.map((item) => item.id) });
    } finally {
      await app.app.close();
    }
    const publish = await run(['publish', '--ready', '--data-dir', dir]);
    expect(publish.code, publish.stderr).toBe(6);
    expect(publish.stderr).toContain('Sessel: left out, not ready: ');
    expect(publish.stderr).toContain(
      'No draft is ready to publish: the 1 draft above needs something first.',
    );
    expect(JSON.parse(publish.stdout)).toMatchObject({ ok: false, live: 0, notReady: 1, items: [] });

    const status = await run(['status', '--json', '--data-dir', dir]);
    expect(JSON.parse(status.stdout)).toMatchObject({ drafts: { draft: 1, ready: 0, trash: 1, total: 1 } });
  }, 120_000);
});

describe('accounts on the command line without a keychain', () => {
  it('sets and prints the defaults of an account as Settings → Accounts does; new drafts start with them', async () => {
    const set = await run([
      'accounts',
      'defaults',
      'sandbox',
      '--email',
      'laden@example.de',
      '--phone',
      '030 1234',
      '--contact',
      'Jana Berg',
      '--street',
      'Hauptstraße 1',
      '--city',
      'Berlin',
      '--district',
      'Mitte',
      '--postal-code',
      '10115',
      '--radius',
      '10',
      '--data-dir',
      dir,
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('Saved the defaults of "Sandbox"');
    expect(set.stdout).toMatch(/--email\s+laden@example\.de/);
    expect(set.stdout).toMatch(/--radius\s+10/);

    // One option changes that one; the others stay.
    const again = await run(['accounts', 'defaults', 'Sandbox', '--city', 'Potsdam', '--data-dir', dir]);
    expect(again.code, again.stderr).toBe(0);
    const shown = await run(['accounts', 'defaults', 'Sandbox', '--data-dir', dir], undefined, {
      LANG: 'de_DE.UTF-8',
    });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('Die Vorgaben von „Sandbox“');
    expect(shown.stdout).toMatch(/--city\s+Potsdam/);
    expect(shown.stdout).toMatch(/--contact\s+Jana Berg/);

    const wrong = await run(['accounts', 'defaults', 'Sandbox', '--radius', 'zehn', '--data-dir', dir]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--radius takes whole kilometres, not "zehn".');

    const file = put(src, 'nur-titel.csv', 'Titel;Preis\nRegal;30\n');
    const imported = await run(['import', file, '--keep-categories', '--data-dir', dir]);
    expect(imported.code, imported.stderr).toBe(6);
    const app = await createTempApp(dir);
    try {
      const list = await app.call<DraftsListResult>('drafts:list', { query: 'Regal', account: 'all' });
      const draft = await app.call<Draft>('drafts:get', { id: list.items[0]!.id });
      expect(draft).toMatchObject({
        email: 'laden@example.de',
        phoneNumber: '030 1234',
        contactPerson: 'Jana Berg',
      });
      expect(JSON.stringify(draft)).toContain('Potsdam');
    } finally {
      await app.app.close();
    }
  }, 120_000);

  it('lists the accounts without any secret, and tests the built-in Sandbox', async () => {
    const json = await run(['accounts', 'list', '--json', '--data-dir', dir]);
    expect(json.code, json.stderr).toBe(0);
    const listed = JSON.parse(json.stdout) as {
      accounts: Record<string, unknown>[];
      keychain: { mode: string };
    };
    expect(listed.accounts).toEqual([
      expect.objectContaining({ name: 'Sandbox', kind: 'sandbox', secretStored: true, selected: true }),
    ]);
    expect(Object.keys(listed.accounts[0]!).sort()).toEqual(
      ['authUrl', 'baseUrl', 'clientId', 'id', 'kind', 'name', 'secretStored', 'selected'].sort(),
    );
    expect(listed.keychain.mode).toBe('session-only');

    const text = await run(['accounts', 'list', '--data-dir', dir]);
    expect(text.stdout).toMatch(/^\* Sandbox\s+http:\/\/127\.0\.0\.1:\d+\/auth\/v2/m);

    const test = await run(['accounts', 'test', 'Sandbox', '--data-dir', dir]);
    expect(test.code, test.stderr).toBe(0);
    expect(test.stdout).toContain('The account "Sandbox" signs in and reads its listings (0 listings).');

    const unknown = await run(['accounts', 'test', 'Laden', '--data-dir', dir]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('There is no account "Laden". Accounts: Sandbox.');
  }, 120_000);

  it('refuses accounts add plainly, making no folder and writing the secret nowhere', async () => {
    const secret = 'geheim-7f3a-nirgends';
    const service = [
      ...serviceOptions({ authUrl: 'http://127.0.0.1:9/auth', baseUrl: 'http://127.0.0.1:9/api' }, 'laden-1'),
    ];
    const elsewhere = path.join(root.dir, 'noch-nicht');
    const refused = await run(
      ['accounts', 'add', 'Laden', ...service, '--data-dir', elsewhere],
      `${secret}\n`,
    );
    expect(refused.code).toBe(7);
    expect(refused.stderr).toContain('No keychain can be reached here');
    expect(refused.stderr).toContain('the account is not added, and the secret is written nowhere');
    expect(existsSync(elsewhere)).toBe(false);

    const german = await run(['accounts', 'add', 'Laden', ...service, '--data-dir', dir], `${secret}\n`, {
      LANG: 'de_DE.UTF-8',
    });
    expect(german.code).toBe(7);
    expect(german.stderr).toContain('Hier ist kein Schlüsselbund erreichbar');
    for (const output of [refused, german]) expect(output.stdout + output.stderr).not.toContain(secret);
    expect(filesHolding(dir, secret)).toEqual([]);
    const list = JSON.parse((await run(['accounts', 'list', '--json', '--data-dir', dir])).stdout) as {
      accounts: { name: string }[];
    };
    expect(list.accounts.map((account) => account.name)).toEqual(['Sandbox']);

    // Never from an argument, and never without the addresses.
    const argument = await run([
      'accounts',
      'add',
      'Laden',
      ...service,
      '--secret',
      secret,
      '--data-dir',
      dir,
    ]);
    expect(argument.code).toBe(2);
    expect(argument.stderr).toContain('A secret is never given on the command line');
    const missing = await run(['accounts', 'add', 'Laden', '--client-id', 'x', '--data-dir', dir]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('accounts add needs --auth-url, --base-url.');
  }, 120_000);
});

// The shop commands refuse in plain words (issue 24.1): `shop init` and `shop join` against a real
// PostgreSQL, each a child process, every problem said in English or German with its exit code.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LATEST_SCHEMA } from '../../src/main/shop/schema/migrations';
import { cli } from '../integration/cli/run-cli';
import { freePort } from './helpers/postgres';
import { freshDatabase } from './helpers/shared-postgres';
import { initialisedShop, newDataDir, removeDataDirs, sql } from './helpers/shop-cli';

afterAll(removeDataDirs);

describe('shop init', () => {
  it('creates the schema and the desks role, says how to add a desk, and changes nothing the second time', async () => {
    const adminUrl = await freshDatabase();
    const init = await cli(['shop', 'init', adminUrl]);
    expect(init.code, init.stderr).toBe(0);
    const role = /role (listing_desk_publish_\w+)/.exec(init.stdout)![1]!;
    const database = new URL(adminUrl).pathname.slice(1);
    expect(role).toBe(`listing_desk_publish_${database}`);
    expect(init.stdout).toContain(`schema version ${LATEST_SCHEMA} (it had 0)`);
    // One login per desk (issue 32.4): made with `shop add-desk`, the owner's address without its password.
    const owner = new URL(adminUrl);
    owner.password = '';
    expect(init.stdout).toContain(`Make one login for each desk, as the database's owner:`);
    expect(init.stdout).toContain(`shop add-desk desk_front --owner ${owner.toString()}`);
    expect(init.stdout).toContain('shop join postgresql://desk_front@127.0.0.1:');
    // The admin's password was in the URL: it is never printed back.
    expect(init.stdout + init.stderr).not.toContain(new URL(adminUrl).password);
    const again = await cli(['shop', 'init', adminUrl]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`is at schema version ${LATEST_SCHEMA} already; nothing to upgrade`);
    expect(again.stdout).toContain(`through the role ${role} (its rights were granted again)`);
  });
});
describe('shop join refuses in plain words', () => {
  it('a wrong password (exit 9), in English and German', async () => {
    const { deskUrl } = await initialisedShop();
    const dataDir = newDataDir();
    const wrong = await cli(['shop', 'join', deskUrl, '--data-dir', dataDir], {}, 'not-the-password\n');
    expect(wrong.code).toBe(9);
    expect(wrong.stderr).toContain('refused the user name or password');
    // The folder the refused join made is gone again, and the command says so.
    expect(wrong.stderr).toContain(
      `Nothing was kept: the data folder ${dataDir} made for this join is removed again.`,
    );
    expect(existsSync(dataDir)).toBe(false);
    const german = await cli(
      ['shop', 'join', deskUrl, '--data-dir', dataDir],
      { LANG: 'de_DE.UTF-8' },
      'nein\n',
    );
    expect(german.code).toBe(9);
    expect(german.stderr).toContain('hat Benutzername oder Passwort abgelehnt');
    expect(german.stderr).toContain(
      `Nichts wurde behalten: Der für diesen Beitritt angelegte Datenordner ${dataDir}`,
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('keeps a data folder that was there before a refused join, as it was', async () => {
    const { deskUrl } = await initialisedShop();
    const dataDir = newDataDir();
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'keep.txt'), 'mine');
    const wrong = await cli(['shop', 'join', deskUrl, '--data-dir', dataDir], {}, 'not-the-password\n');
    expect(wrong.code).toBe(9);
    expect(wrong.stderr).not.toContain('Nothing was kept');
    expect(readFileSync(path.join(dataDir, 'keep.txt'), 'utf8')).toBe('mine');
    expect(existsSync(path.join(dataDir, 'shop', 'membership.json'))).toBe(false);
  });

  it('a host that cannot be reached (exit 8)', async () => {
    const port = await freePort();
    const url = `postgresql://desk@127.0.0.1:${port}/shop`;
    const dataDir = newDataDir();
    const run = await cli(['shop', 'join', url, '--data-dir', dataDir], {}, 'secret\n');
    expect(run.code).toBe(8);
    expect(existsSync(dataDir)).toBe(false);
    expect(run.stderr).toContain(`The database server at desk@127.0.0.1:${port}/shop cannot be reached`);
  });

  it('a database that is not a Listing Desk one, and one whose schema is newer than this build (exit 9)', async () => {
    const plain = await freshDatabase();
    const notOursDir = newDataDir();
    const notOurs = await cli(['shop', 'join', plain, '--data-dir', notOursDir]);
    expect(notOurs.code).toBe(9);
    expect(existsSync(notOursDir)).toBe(false);
    expect(notOurs.stderr).toContain('is not a Listing Desk database: it holds no team. Run `shop init`');

    const { adminUrl } = await initialisedShop();
    await sql(adminUrl, `insert into listing_desk.schema_version (version, name) values ($1, 'future')`, [
      LATEST_SCHEMA + 1,
    ]);
    const tooNew = await cli(['shop', 'join', adminUrl, '--data-dir', newDataDir()]);
    expect(tooNew.code).toBe(9);
    expect(tooNew.stderr).toContain(
      `has schema version ${LATEST_SCHEMA + 1}; this Listing Desk knows versions up to ${LATEST_SCHEMA}. Update Listing Desk`,
    );
    const upgrade = await cli(['shop', 'init', adminUrl], { LANG: 'de_DE.UTF-8' });
    expect(upgrade.code).toBe(9);
    expect(upgrade.stderr).toContain(
      `hat Schema-Version ${LATEST_SCHEMA + 1}; dieses Listing Desk kennt Versionen bis ${LATEST_SCHEMA}`,
    );
  });

  it('a server that offers no TLS when the address asks for it (exit 8)', async () => {
    const url = new URL(await freshDatabase());
    url.searchParams.set('sslmode', 'require');
    const run = await cli(['shop', 'join', url.toString(), '--data-dir', newDataDir()]);
    expect(run.code).toBe(8);
    expect(run.stderr).toContain('The encrypted connection (TLS) to postgres@127.0.0.1:');
  });

  it('a bad address, before anything is made (exit 2)', async () => {
    const dataDir = newDataDir();
    const run = await cli(['shop', 'join', 'https://shop.example/db', '--data-dir', dataDir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('is not a PostgreSQL address; it starts with postgresql://');
    expect(existsSync(dataDir)).toBe(false);
  });
});

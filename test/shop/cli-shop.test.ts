// The shop commands as a seller types them (issue 24.1): `shop init`, `shop join`, `shop status`,
// `shop leave`, each a child process on a real PostgreSQL, with every refusal in plain words and
// its exit code. Runs in the keychain's D-Bus session: the database password goes there only.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LATEST_SCHEMA } from '../../src/main/shop/migrations';
import { KEYCHAIN_SERVICE, loadKeytar } from '../../src/main/secrets/keytar-store';
import { cli } from '../integration/cli/run-cli';
import { freePort, startPostgres } from './helpers/postgres';
import { freshDatabase } from './helpers/shared-postgres';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
/** A data folder path that does not exist yet (join makes it). */
function newDataDir(): string {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-shop-cli-'));
  folders.push(parent);
  return path.join(parent, 'desk');
}

async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A database made by `shop init`, and a desk login in its role with an awkward password. */
async function initialisedShop() {
  const adminUrl = await freshDatabase();
  const init = await cli(['shop', 'init', adminUrl]);
  expect(init.code, init.stderr).toBe(0);
  const role = /role (listing_desk_desks_\w+)/.exec(init.stdout)![1]!;
  const login = `desk_${randomBytes(4).toString('hex')}`;
  const password = `p@ss/wörd:${randomBytes(4).toString('hex')}`;
  await sql(adminUrl, `create role ${login} login password ${pg.escapeLiteral(password)} in role ${role}`);
  const url = new URL(adminUrl);
  url.username = login;
  url.password = '';
  return { adminUrl, init, role, password, deskUrl: url.toString() };
}

/** Every file under `dir`, read as text. */
function everyFile(dir: string): { file: string; text: string }[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

const keychainEntries = async () =>
  (await loadKeytar().findCredentials(KEYCHAIN_SERVICE)).filter((c) => c.account.startsWith('shop-'));

describe('shop init', () => {
  it('creates the schema and the desks role, says how to add a desk, and changes nothing the second time', async () => {
    const { adminUrl, init, role } = await initialisedShop();
    const database = new URL(adminUrl).pathname.slice(1);
    expect(role).toBe(`listing_desk_desks_${database}`);
    expect(init.stdout).toContain(`schema version ${LATEST_SCHEMA} (it had 0)`);
    expect(init.stdout).toContain(`CREATE ROLE desk_front LOGIN PASSWORD 'choose-one' IN ROLE ${role};`);
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
    const german = await cli(
      ['shop', 'join', deskUrl, '--data-dir', dataDir],
      { LANG: 'de_DE.UTF-8' },
      'nein\n',
    );
    expect(german.code).toBe(9);
    expect(german.stderr).toContain('hat Benutzername oder Passwort abgelehnt');
    expect(existsSync(path.join(dataDir, 'shop', 'membership.json'))).toBe(false);
  });

  it('a host that cannot be reached (exit 8)', async () => {
    const port = await freePort();
    const url = `postgresql://desk@127.0.0.1:${port}/shop`;
    const run = await cli(['shop', 'join', url, '--data-dir', newDataDir()], {}, 'secret\n');
    expect(run.code).toBe(8);
    expect(run.stderr).toContain(`The database server at desk@127.0.0.1:${port}/shop cannot be reached`);
  });

  it('a database that is not a Listing Desk one, and one whose schema is newer than this build (exit 9)', async () => {
    const plain = await freshDatabase();
    const notOurs = await cli(['shop', 'join', plain, '--data-dir', newDataDir()]);
    expect(notOurs.code).toBe(9);
    expect(notOurs.stderr).toContain('is not a Listing Desk database: it holds no shop. Run `shop init`');

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
    expect(join.stdout).toContain('This desk, "Front desk", joined the shop at desk_');

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
    expect(text.stdout).toMatch(/Verbunden \(geprüft \d{4}-\d\d-\d\d \d\d:\d\d\)/);
    expect(text.stdout).toMatch(/Front desk +\d{4}-\d\d-\d\d \d\d:\d\d +dieser Arbeitsplatz/);

    // A second desk may not take the same name.
    const twin = await cli(
      ['shop', 'join', deskUrl, '--data-dir', newDataDir(), '--name', 'front DESK'],
      {},
      `${password}\n`,
    );
    expect(twin.code).toBe(9);
    expect(twin.stderr).toContain('Another desk of this shop is called "front DESK"');

    const leave = await cli(['shop', 'leave', '--data-dir', dataDir]);
    expect(leave.code, leave.stderr).toBe(0);
    expect(leave.stdout).toContain('This desk left the shop at');
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
    expect(lone.stdout).toContain('This desk is in no shop: it works alone on its files.');
    const again = await cli(['shop', 'leave', '--data-dir', dataDir]);
    expect(again.code).toBe(9);
    expect(again.stderr).toContain('This desk is in no shop.');
  });
});

describe('leaving while the database is down', () => {
  it('still leaves, forgetting membership and password, and says the database was not told', async () => {
    const server = await startPostgres();
    try {
      const adminUrl = await server.createDatabase();
      expect((await cli(['shop', 'init', adminUrl])).code).toBe(0);
      const dataDir = newDataDir();
      const join = await cli(['shop', 'join', adminUrl, '--data-dir', dataDir, '--name', 'Back room']);
      expect(join.code, join.stderr).toBe(0);
      const { deskId } = JSON.parse(readFileSync(path.join(dataDir, 'shop', 'membership.json'), 'utf8')) as {
        deskId: string;
      };
      server.stop();
      const status = await cli(['shop', 'status', '--data-dir', dataDir]);
      expect(status.code).toBe(8);
      expect(status.stdout).toMatch(/Not connected \(since \d{4}-/);
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

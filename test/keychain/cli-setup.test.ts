// From nothing through the command line with a real keychain (issue 26.5): a new data folder made
// by `accounts add`, whose secret comes on standard input and lands in the OS keychain only; the
// account pointed at a listing service this test starts, its addresses typed without /v2 and with
// /v1 and kept as they answer; `accounts test`, `accounts defaults`, a CSV imported, `status`
// counting the drafts, `accounts list --json`; the secret in no file of the data folder, its log
// included, and in no output.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { KEYCHAIN_SERVICE, loadKeytar } from '../../src/main/secrets/keytar-store';
import { put, putPhoto } from '../fixtures/import/import-files';
import { cli, type CliRun, serviceOptions } from '../integration/cli/run-cli';
import { tempDir } from '../unit/helpers/temp-app';

const root = path.resolve(import.meta.dirname, '..', '..');
const SECRET = 'laden-secret-4b9e-only-in-the-keychain';
const WRONG = 'laden-wrong-secret-77c1';
const work = tempDir('listing-desk-keychain-cli-');
const dir = path.join(work.dir, 'desk');
const src = path.join(work.dir, 'quelle');
let sandbox: Sandbox;
const runs: CliRun[] = [];
const run = async (args: string[], input?: string, env: NodeJS.ProcessEnv = {}) => {
  const result = await cli([...args, '--data-dir', dir], env, input);
  runs.push(result);
  return result;
};

interface Listed {
  accounts: {
    id: string;
    name: string;
    authUrl: string;
    baseUrl: string;
    clientId: string;
    secretStored: boolean;
    selected: boolean;
  }[];
  keychain: { mode: string };
}

/** Reads a password in a separate Node process, so the answer cannot come from this one's memory. */
function readElsewhere(account: string): string | null {
  const script = `require('keytar').getPassword(${JSON.stringify(KEYCHAIN_SERVICE)}, ${JSON.stringify(account)}).then((v) => process.stdout.write(JSON.stringify(v)))`;
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8', timeout: 15_000 }),
  ) as string | null;
}

beforeAll(async () => {
  sandbox = await startSandbox({ clients: [{ clientId: 'laden-1', clientSecret: SECRET }], port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  const keytar = loadKeytar();
  for (const { account } of await keytar.findCredentials(KEYCHAIN_SERVICE))
    await keytar.deletePassword(KEYCHAIN_SERVICE, account);
  work.remove();
});

describe('the command line from nothing, with the OS keychain', () => {
  it('adds an account into a new data folder, its secret from standard input into the keychain', async () => {
    expect(
      process.env.DBUS_SESSION_BUS_ADDRESS,
      'run this suite through `npm test` (dbus-run-session)',
    ).toBeTruthy();
    expect(existsSync(dir)).toBe(false);
    const origin = new URL(sandbox.authUrl).origin;
    const added = await run(
      [
        'accounts',
        'add',
        'Laden',
        ...serviceOptions({ authUrl: `${origin}/auth`, baseUrl: `${origin}/api/v1` }, 'laden-1'),
      ],
      `${SECRET}\n`,
    );
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain(`Made a new data folder ${dir}`);
    expect(added.stdout).toContain('Added the account "Laden"; its secret is in the system\'s keychain.');
    expect(added.stdout).toContain('"Laden" is now the selected account');
    expect(added.stdout).toContain('The account "Laden" signs in and reads its listings (0 listings).');
    expect(added.stdout).toContain('the account keeps these');

    const listed = await run(['accounts', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    const { accounts, keychain } = JSON.parse(listed.stdout) as Listed;
    expect(keychain.mode).toBe('keychain');
    const laden = accounts.find((account) => account.name === 'Laden')!;
    // The addresses as they answered, as Test connection keeps them.
    expect(laden).toMatchObject({
      authUrl: sandbox.authUrl,
      baseUrl: sandbox.baseUrl,
      clientId: 'laden-1',
      secretStored: true,
      selected: true,
    });
    expect(accounts.find((account) => account.name === 'Sandbox')).toMatchObject({ selected: false });
    expect(readElsewhere(laden.id)).toBe(SECRET);
  }, 120_000);

  it('says plainly when the account cannot sign in (exit 4), and a second add of the name fixes it', async () => {
    const wrong = await run(
      ['accounts', 'add', 'laden', ...serviceOptions(sandbox, 'laden-1')],
      `${WRONG}\n`,
    );
    expect(wrong.code).toBe(4);
    expect(wrong.stdout).toContain('Updated the account "Laden"');
    expect(wrong.stderr).toContain('The account "Laden" cannot sign in:');
    expect((await run(['accounts', 'test', 'Laden'])).code).toBe(4);

    const fixed = await run(['accounts', 'add', 'Laden', ...serviceOptions(sandbox, 'laden-1')], SECRET);
    expect(fixed.code, fixed.stderr).toBe(0);
    const tested = await run(['accounts', 'test', 'Laden'], undefined, { LANG: 'de_DE.UTF-8' });
    expect(tested.code, tested.stderr).toBe(0);
    expect(tested.stdout).toContain(
      'Das Konto „Laden“ meldet sich an und liest seine Anzeigen (0 Anzeigen).',
    );
    const { accounts } = JSON.parse((await run(['accounts', 'list', '--json'])).stdout) as Listed;
    expect(accounts.map((account) => account.name).sort()).toEqual(['Laden', 'Sandbox']);
  }, 120_000);

  it('sets the defaults, imports a CSV into the account and counts the drafts', async () => {
    const defaults = await run([
      'accounts',
      'defaults',
      'Laden',
      '--email',
      'laden@example.de',
      '--street',
      'Hauptstraße 1',
      '--postal-code',
      '10115',
      '--city',
      'Berlin',
      '--district',
      'Mitte',
      '--radius',
      '25',
    ]);
    expect(defaults.code, defaults.stderr).toBe(0);
    expect(defaults.stdout).toMatch(/--postal-code\s+10115/);

    putPhoto(src, 'lampe.png', 3);
    const file = put(
      src,
      'bestand.csv',
      'Titel;Beschreibung;Kategorie;Preis;Bild;Referenz\n' +
        'Stehlampe;Messing, funktioniert.;Haushalt/Möbel;45;lampe.png;L-1\n' +
        'Sessel;;Haushalt/Möbel;;;S-1\n',
    );
    const imported = await run(['import', file, '--keep-categories']);
    expect(imported.code, imported.stderr).toBe(6);
    expect(JSON.parse(imported.stdout)).toMatchObject({ created: 2, account: { name: 'Laden' } });

    const status = await run(['status', '--json', '--account', 'Laden']);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      drafts: { account: { name: 'Laden' }, draft: 1, ready: 1, published: 0, trash: 0, total: 2 },
    });
    const text = await run(['status']);
    expect(text.stdout).toContain('Drafts: 1 incomplete, 1 ready, 0 publishing, 0 published');
  }, 120_000);

  it('never has the secret in a file of the data folder, its log, or any output', () => {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      statSync(path.join(dir, file)).isFile(),
    );
    expect(files.some((file) => file.startsWith('logs'))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(path.join(dir, file));
      expect(bytes.includes(SECRET) || bytes.includes(WRONG), file).toBe(false);
    }
    expect(runs.length).toBeGreaterThan(5);
    for (const output of runs) {
      expect(output.stdout + output.stderr).not.toContain(SECRET);
      expect(output.stdout + output.stderr).not.toContain(WRONG);
    }
  });
});

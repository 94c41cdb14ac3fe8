// The shop commands' tests: data folders a join makes, a database made by `shop init` with a desk
// login in its role, and what a desk leaves in its files and the keychain.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { KEYCHAIN_SERVICE, loadKeytar } from '../../../src/main/secrets/keytar-store';
import { gradeRoleName } from '../../../src/main/shop/setup/desk-role';
import { initShop } from '../../../src/main/shop/setup/shop-init';
import { cli } from '../../integration/cli/run-cli';
import { startPostgres } from './postgres';
import { freshDatabase } from './shared-postgres';

const folders: string[] = [];

/** A data folder path that does not exist yet (join makes it); `removeDataDirs` deletes them. */
export function newDataDir(): string {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-shop-cli-'));
  folders.push(parent);
  return path.join(parent, 'desk');
}

export function removeDataDirs(): void {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
}

/** One statement on `url` (the superuser's). */
export async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * A database made by `shop init`, and a desk login with an awkward password in its owner group (the
 * shop's first desk, which may do everything: issue 37.1).
 */
export async function initialisedShop() {
  const adminUrl = await freshDatabase();
  // What `shop init` does, in this process: its own test runs the command.
  const { database } = await initShop(adminUrl);
  const role = gradeRoleName(database, 'owner');
  const login = `desk_${randomBytes(4).toString('hex')}`;
  const password = `p@ss/wörd:${randomBytes(4).toString('hex')}`;
  await sql(adminUrl, `create role ${login} login password ${pg.escapeLiteral(password)} in role ${role}`);
  const url = new URL(adminUrl);
  url.username = login;
  url.password = '';
  return { adminUrl, role, password, deskUrl: url.toString() };
}

/** Every file under `dir`, read as text. */
export function everyFile(dir: string): { file: string; text: string }[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

/** The shop passwords in the keychain (the D-Bus session's gnome-keyring). */
export const keychainEntries = async () =>
  (await loadKeytar().findCredentials(KEYCHAIN_SERVICE)).filter((c) => c.account.startsWith('shop-'));

/**
 * A PostgreSQL of its own (for the test to stop and start), a database made by `shop init` and a
 * desk joined to it as `name` with the commands; `server.remove()` is the caller's.
 */
export async function deskOnOwnServer(name: string) {
  const server = await startPostgres();
  try {
    const adminUrl = await server.createDatabase();
    const init = await cli(['shop', 'init', adminUrl]);
    if (init.code !== 0) throw new Error(`shop init failed: ${init.stderr}`);
    const dataDir = newDataDir();
    const join = await cli(['shop', 'join', adminUrl, '--data-dir', dataDir, '--name', name]);
    if (join.code !== 0) throw new Error(`shop join failed: ${join.stderr}`);
    return { server, adminUrl, dataDir };
  } catch (error) {
    server.remove();
    throw error;
  }
}

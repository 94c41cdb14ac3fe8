// keytar against a real Secret Service (gnome-keyring): what main stores there is really in the
// OS keychain (another process reads it back), and the app falls back to session-only secrets,
// saying why, when no Secret Service answers.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keychainService, loadKeytar, openSecretStore } from '../../src/main/secrets/keytar-store';

const root = path.resolve(import.meta.dirname, '..', '..');
const service = `listing-desk-test-${randomUUID()}`;

/** Reads a password in a separate Node process, so the answer cannot come from this one's memory. */
function readElsewhere(account: string, env: NodeJS.ProcessEnv = process.env): string {
  const script = `require('keytar').getPassword(${JSON.stringify(service)}, ${JSON.stringify(account)}).then((v) => process.stdout.write(JSON.stringify(v)))`;
  return execFileSync(process.execPath, ['-e', script], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 15_000,
  });
}

describe('the OS keychain through keytar', () => {
  afterAll(async () => {
    const keytar = loadKeytar();
    for (const { account } of await keytar.findCredentials(service))
      await keytar.deletePassword(service, account);
  });

  it('is detected as a real keychain inside the D-Bus session', async () => {
    expect(
      process.env.DBUS_SESSION_BUS_ADDRESS,
      'run this suite through `npm test` (dbus-run-session)',
    ).toBeTruthy();
    const store = await openSecretStore(loadKeytar, service);
    expect(store.status).toEqual({ mode: 'keychain' });
  });

  it('sets, gets and deletes a secret that another process can read', async () => {
    const store = await openSecretStore(loadKeytar, service);
    const account = `client-${randomUUID()}`;
    const secret = `s3cr3t-${randomUUID()}`;

    expect(await store.get(account)).toBeUndefined();
    await store.set(account, secret);
    expect(await store.get(account)).toBe(secret);
    expect(JSON.parse(readElsewhere(account))).toBe(secret);

    await store.set(account, `${secret}-rotated`);
    expect(JSON.parse(readElsewhere(account))).toBe(`${secret}-rotated`);

    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeUndefined();
    expect(JSON.parse(readElsewhere(account))).toBeNull();
    expect(await store.delete(account)).toBe(false);
  });

  it('falls back to session-only, with the reason, when no Secret Service answers', () => {
    const script = `
      import { openSecretStore } from './src/main/secrets/keytar-store.ts';
      const store = await openSecretStore(undefined, ${JSON.stringify(service)});
      process.stdout.write(JSON.stringify(store.status));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      env: {
        ...process.env,
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/listing-desk-bus',
        DISPLAY: '',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    const status = JSON.parse(out) as { mode: string; reason?: string };
    expect(status.mode).toBe('session-only');
    expect(status.reason).toMatch(/keychain cannot be used/i);
  });

  it('keeps a desk started with LISTING_DESK_KEYCHAIN under that name, apart from another desk on the login', async () => {
    const account = `client-${randomUUID()}`;
    const own = `${service}-own`;
    // The desk's own process opens the keychain as the shells do (no name given: the environment's).
    const script = `
      import { openSecretStore } from './src/main/secrets/keytar-store.ts';
      const store = await openSecretStore();
      await store.set(${JSON.stringify(account)}, 'kept-apart');
      process.stdout.write(JSON.stringify(store.status));`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      env: { ...process.env, LISTING_DESK_KEYCHAIN: own },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(JSON.parse(out)).toEqual({ mode: 'keychain' });
    const keytar = loadKeytar();
    try {
      expect(await keytar.getPassword(own, account)).toBe('kept-apart');
      // Not under the name every other desk on this login uses.
      expect(await keytar.getPassword(keychainService({}), account)).toBeNull();
    } finally {
      await keytar.deletePassword(own, account);
    }
  });

  it('falls back to session-only when keytar is not built', async () => {
    const store = await openSecretStore(() => {
      throw new Error("Cannot find module '../build/Release/keytar.node'");
    }, service);
    expect(store.status.mode).toBe('session-only');
    expect(store.status.mode === 'session-only' && store.status.reason).toMatch(/npm rebuild keytar/);
  });
});

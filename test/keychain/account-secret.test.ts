// An account's client secret, saved through the app's contract, lands in the OS keychain under the
// service `listing-desk` with the account's id, and nowhere in the data folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/main/app';
import { silentLog } from '../../src/main/log/log';
import { KEYCHAIN_SERVICE, loadKeytar, openSecretStore } from '../../src/main/secrets/keytar-store';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import type { AccountView } from '../../src/shared/ipc/types';

const root = path.resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'listing-desk-keychain-'));
const log = silentLog;

function readElsewhere(account: string): string | null {
  const script = `require('keytar').getPassword(${JSON.stringify(KEYCHAIN_SERVICE)}, ${JSON.stringify(account)}).then((v) => process.stdout.write(JSON.stringify(v)))`;
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8', timeout: 15_000 }),
  ) as string | null;
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('account secrets in the keychain', () => {
  it('stores, replaces and deletes an account secret in the keychain, never in a file', async () => {
    const secretStore = await openSecretStore();
    expect(secretStore.status.mode).toBe('keychain');
    const app = await createApp(
      { shell: 'web', dataDir, version: '0.0.0', systemLocale: 'en' },
      { storeFactory: confStoreFactory, secretStore, log },
    );
    try {
      const info = await app.router.call('app:info', undefined);
      expect(info).toMatchObject({ ok: true, value: { keychain: { mode: 'keychain' } } });

      const saved = await app.router.call('accounts:save', {
        name: 'Shop',
        authUrl: 'https://auth.example.com/auth/v2',
        baseUrl: 'https://api.example.com/api',
        clientId: 'shop-1',
        secret: 'first-secret-91ac',
      });
      if (!saved.ok) throw new Error(saved.error.message);
      const id = (saved.value as AccountView).id;
      expect(readElsewhere(id)).toBe('first-secret-91ac');
      // The Sandbox account's generated secret is kept there too.
      expect(readElsewhere('sandbox')).toMatch(/^[\w-]{20,}$/);

      await app.router.call('accounts:set-secret', { id, secret: 'second-secret-5d2e' });
      expect(readElsewhere(id)).toBe('second-secret-5d2e');

      for (const file of readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) {
        const full = path.join(dataDir, file);
        if (!statSync(full).isFile()) continue;
        const bytes = readFileSync(full);
        expect(bytes.includes('first-secret-91ac') || bytes.includes('second-secret-5d2e'), file).toBe(false);
      }

      await app.router.call('accounts:remove', { id });
      expect(readElsewhere(id)).toBeNull();
    } finally {
      await app.close();
      await loadKeytar().deletePassword(KEYCHAIN_SERVICE, 'sandbox');
    }
  });
});

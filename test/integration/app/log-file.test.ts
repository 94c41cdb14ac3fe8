// The log file in the data folder holds the service client's retry and token lines, with the
// account, and never the client secret or an access token (its bytes are searched).
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLog, type AppLog } from '../../../src/main/log/create-log';
import { logFile } from '../../../src/main/log/log-files';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { SANDBOX_ACCOUNT_ID } from '../../../src/main/storage/accounts-store';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

describe('the log file', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('holds the retry and token-refresh lines and never the secret or a token', async () => {
    const temp = tempDir();
    cleanups.push(temp.remove);
    const log: AppLog = createLog({ dataDir: temp.dir, name: 'test', level: 'debug', stderr: false });
    cleanups.push(() => log.close());
    const secretStore = createSessionSecretStore('no keychain in tests');
    const made: TempApp = await createTempApp(temp.dir, { log, secretStore });
    cleanups.push(() => made.app.close());
    const { app } = made;
    const secret = await secretStore.get(SANDBOX_ACCOUNT_ID);
    expect(secret).toBeTruthy();
    const sandbox = app.sandbox.sandbox;
    sandbox.configure({ tokenTtlSeconds: 1 });

    // A 503 on the first read: repeated. Then a refused token (401): a new one is fetched.
    sandbox.faults.add({
      route: 'GET /v1/listings',
      kind: 'status',
      status: 503,
      times: 1,
      retryAfterSeconds: 0,
    });
    expect(await app.router.call('listings:list', { refresh: true })).toMatchObject({ ok: true });
    sandbox.faults.add({ route: 'GET /v1/listings', kind: 'status', status: 401, times: 1 });
    expect(await app.router.call('listings:list', { refresh: true })).toMatchObject({ ok: true });
    // Calls go on until the 1 s lifetime runs low: the token is renewed before a call, and it works.
    await vi.waitFor(
      async () => {
        expect(await app.router.call('listings:list', { refresh: true })).toMatchObject({ ok: true });
        expect(sandbox.stats().tokens).toBeGreaterThanOrEqual(3);
      },
      { timeout: 10_000, interval: 200 },
    );

    await made.app.close();
    log.close();
    const bytes = readFileSync(logFile(temp.dir));
    const text = bytes.toString('utf8');
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const retry = lines.find((l) =>
      /^listListings: 503 Service Unavailable; repeating in \d+ ms/.test(String(l.msg)),
    );
    expect(retry).toMatchObject({ level: 'warn', account: SANDBOX_ACCOUNT_ID, operation: 'listListings' });
    const refused = lines.find((l) => String(l.msg).includes('the access token was refused (401)'));
    expect(refused).toMatchObject({ level: 'warn', account: SANDBOX_ACCOUNT_ID });
    const renewed = lines.find((l) => l.msg === 'token: renewing the access token before it expires');
    expect(renewed).toMatchObject({ level: 'info', account: SANDBOX_ACCOUNT_ID });

    expect(bytes.includes(Buffer.from(secret!))).toBe(false);
    // Access tokens of the sandbox are JWTs: none may be in the file, whole or in part.
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}/);
  });
});

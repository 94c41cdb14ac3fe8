// "Save diagnostics…" through the router: one file with app:info, versions and every log file
// (rotated ones first), and no secret, even one that slipped into a log file by other means.
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLog } from '../../../src/main/log/create-log';
import { logFile } from '../../../src/main/log/log-files';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { SANDBOX_ACCOUNT_ID } from '../../../src/main/storage/accounts-store';
import { createTempApp, tempDir } from '../../unit/helpers/temp-app';

describe('app:save-diagnostics', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(chooseDiagnosticsPath?: (name: string) => Promise<string | undefined>) {
    const temp = tempDir();
    cleanups.push(temp.remove);
    const log = createLog({ dataDir: temp.dir, name: 'test', stderr: false, maxBytes: 400, keep: 2 });
    cleanups.push(() => log.close());
    const secretStore = createSessionSecretStore('no keychain in tests');
    const made = await createTempApp(temp.dir, {
      log,
      secretStore,
      ...(chooseDiagnosticsPath && { chooseDiagnosticsPath }),
    });
    cleanups.push(() => made.app.close());
    return { ...made, log, secret: (await secretStore.get(SANDBOX_ACCOUNT_ID))! };
  }

  it('writes logs, app info and versions into the data folder, without the secret', async () => {
    const { app, dataDir, log, secret } = await start();
    for (let n = 0; n < 12; n += 1) log.info(`line number ${n}`, { n });
    expect(await app.router.call('listings:list', { refresh: true })).toMatchObject({ ok: true });
    // A secret written past the logger (an old version, a hand edit) is scrubbed on the way out too.
    appendFileSync(logFile(dataDir), `client_secret=${secret}\nAuthorization: Bearer ${secret}\n`);

    const result = await app.router.call('app:save-diagnostics', { userAgent: 'Mozilla/5.0 Chrome/140.0' });
    expect(result).toMatchObject({ ok: true, value: { saved: true } });
    const file = (result as { value: { path: string } }).value.path;
    expect(path.dirname(file)).toBe(path.join(dataDir, 'diagnostics'));
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"shell": "web"');
    expect(text).toContain('"version": "9.8.7"');
    expect(text).toContain(`"node": "${process.versions.node}"`);
    expect(text).toContain('"userAgent": "Mozilla/5.0 Chrome/140.0"');
    expect(text).toMatch(
      /## Log listing-desk\.log\.2[\s\S]*## Log listing-desk\.log\.1[\s\S]*## Log listing-desk\.log\n/,
    );
    expect(text).toContain('line number 11');
    expect(text).toContain('token: fetching an access token');
    expect(text).not.toContain(secret);
  });

  it('saves where the shell’s dialog says, and nothing when the seller cancels', async () => {
    const target = tempDir();
    cleanups.push(target.remove);
    const names: string[] = [];
    let answer: string | undefined = path.join(target.dir, 'chosen.txt');
    const { app } = await start(async (name) => {
      names.push(name);
      return answer;
    });
    expect(await app.router.call('app:save-diagnostics', undefined)).toEqual({
      ok: true,
      value: { saved: true, path: path.join(target.dir, 'chosen.txt') },
    });
    expect(readFileSync(path.join(target.dir, 'chosen.txt'), 'utf8')).toContain('## app:info');
    expect(names[0]).toMatch(/^listing-desk-diagnostics-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.txt$/);
    answer = undefined;
    expect(await app.router.call('app:save-diagnostics', undefined)).toEqual({
      ok: true,
      value: { saved: false },
    });
  });
});

import { writeFileSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/main/app';
import type { SecretStore } from '../../src/main/secrets/secret-store';
import { createSessionSecretStore } from '../../src/main/secrets/secret-store';
import { confStoreFactory } from '../../src/main/storage/store-factory';
import { createTempApp, spyLogger, tempDir, type TempApp } from './helpers/temp-app';

/** The settings of a new data folder (storage/settings.ts's defaults). */
const DEFAULTS = {
  language: 'system',
  theme: 'system',
  photoMaxEdge: 2048,
  publishDrafts: 'auto',
  publishUploads: 16,
} as const;

describe('createApp', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    // Last in, first out: an app closes before its folder is removed.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function app(dataDir?: string): Promise<TempApp> {
    const made = await createTempApp(dataDir);
    cleanups.push(made.remove);
    return made;
  }

  it('answers app:info with version, shell, data folder, locale and keychain status', async () => {
    const { app: backEnd, dataDir } = await app();
    await expect(backEnd.router.call('app:info', undefined)).resolves.toEqual({
      ok: true,
      value: {
        name: 'Listing Desk',
        version: '9.8.7',
        shell: 'web',
        dataDir,
        systemLocale: 'de-DE',
        // The desk's own zone, in which scheduled times are typed and shown (issue 32.7).
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        keychain: { mode: 'session-only', reason: 'no keychain in tests' },
      },
    });
  });

  it('reports a working keychain as such', async () => {
    const temp = tempDir();
    cleanups.push(temp.remove);
    const keychain: SecretStore = { ...createSessionSecretStore('x'), status: { mode: 'keychain' } };
    const backEnd = await createApp(
      { shell: 'electron', dataDir: temp.dir, version: '1.2.3', systemLocale: 'en-US' },
      { storeFactory: confStoreFactory, secretStore: keychain, log: spyLogger() },
    );
    cleanups.push(() => backEnd.close());
    const result = await backEnd.router.call('app:info', undefined);
    expect(result).toMatchObject({
      ok: true,
      value: { shell: 'electron', version: '1.2.3', keychain: { mode: 'keychain' } },
    });
  });

  it('creates a missing data folder', async () => {
    const temp = tempDir();
    cleanups.push(temp.remove);
    const nested = path.join(temp.dir, 'a', 'b');
    await app(nested);
    expect(readdirSync(nested)).toContain('settings.json');
  });

  it('saves settings to disk, emits settings:changed and keeps them for the next launch', async () => {
    const first = await createTempApp();
    cleanups.push(first.remove);
    const events: Array<[string, unknown]> = [];
    first.app.events.subscribe((event, payload) => events.push([event, payload]));
    await expect(first.app.router.call('settings:get', undefined)).resolves.toEqual({
      ok: true,
      value: DEFAULTS,
    });
    await expect(first.app.router.call('settings:set', { language: 'de' })).resolves.toEqual({
      ok: true,
      value: { ...DEFAULTS, language: 'de' },
    });
    expect(events).toEqual([['settings:changed', { ...DEFAULTS, language: 'de' }]]);
    expect(JSON.parse(readFileSync(path.join(first.dataDir, 'settings.json'), 'utf8'))).toMatchObject({
      language: 'de',
    });

    const second = await app(first.dataDir);
    await expect(second.app.router.call('settings:get', undefined)).resolves.toEqual({
      ok: true,
      value: { ...DEFAULTS, language: 'de' },
    });
  });

  it('does not emit or save when settings:set is refused', async () => {
    const { app: backEnd } = await app();
    const events: string[] = [];
    backEnd.events.subscribe((event) => events.push(event));
    await expect(backEnd.router.call('settings:set', { language: 'fr' })).resolves.toMatchObject({
      ok: false,
    });
    expect(events).toEqual([]);
    await expect(backEnd.router.call('settings:get', undefined)).resolves.toEqual({
      ok: true,
      value: DEFAULTS,
    });
  });

  it('moves an unreadable settings file aside, logs where, and starts with defaults', async () => {
    const temp = tempDir();
    cleanups.push(temp.remove);
    writeFileSync(path.join(temp.dir, 'settings.json'), '{"language": "de",');
    const { app: backEnd, log } = await app(temp.dir);
    const aside = readdirSync(temp.dir).filter((name) => name.startsWith('settings.json.unreadable-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(temp.dir, aside[0]!), 'utf8')).toBe('{"language": "de",');
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining(aside[0]!));
    await expect(backEnd.router.call('settings:get', undefined)).resolves.toEqual({
      ok: true,
      value: DEFAULTS,
    });
  });
});

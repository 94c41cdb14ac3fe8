import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src/main/errors/app-error';
import { mainI18n } from '../../../src/main/i18n';
import { createRouter, type Handlers } from '../../../src/main/ipc/router';
import { channelNames } from '../../../src/shared/ipc/names';
import { spyLogger } from '../helpers/temp-app';

/** A handler for every contract channel (so the table keeps up as the contract grows), then the overrides. */
function handlers(overrides: Partial<Handlers> = {}): Handlers {
  const notUnderTest = Object.fromEntries(
    channelNames.map((channel) => [
      channel,
      () => {
        throw new Error(`${channel} is not under test`);
      },
    ]),
  ) as unknown as Handlers;
  const defaults: Partial<Handlers> = {
    'app:info': () => ({
      name: 'Listing Desk',
      version: '1.0.0',
      shell: 'web',
      dataDir: '/data',
      systemLocale: 'en-US',
      timeZone: 'Europe/Berlin',
      keychain: { mode: 'keychain' },
    }),
    'settings:get': () => ({
      language: 'system',
      theme: 'system',
      photoMaxEdge: 4096,
      publishDrafts: 4,
      publishUploads: 6,
    }),
    'settings:set': (patch) => ({
      language: patch.language ?? 'system',
      theme: 'system',
      photoMaxEdge: 4096,
      publishDrafts: 4,
      publishUploads: 6,
    }),
  };
  return { ...notUnderTest, ...defaults, ...overrides };
}

describe('createRouter', () => {
  it('lists exactly the contract channels', () => {
    expect([...createRouter(handlers(), spyLogger()).channels].sort()).toEqual([...channelNames].sort());
  });

  it.each([['drafts:nuke'], ['toString'], ['__proto__'], ['constructor'], [42], [undefined], [null]])(
    'answers unknown-channel for %s without running a handler',
    async (channel) => {
      const get = vi.fn(() => ({
        language: 'system' as const,
        theme: 'system' as const,
        photoMaxEdge: 4096,
        publishDrafts: 4,
        publishUploads: 6,
      }));
      const router = createRouter(handlers({ 'settings:get': get }), spyLogger());
      const result = await router.call(channel, undefined);
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
      expect(get).not.toHaveBeenCalled();
    },
  );

  it('refuses a value outside the contract with invalid-input and per-field details', async () => {
    const set = vi.fn((patch: { language?: 'system' | 'de' | 'en' }) => ({
      language: patch.language ?? 'system',
      theme: 'system' as const,
      photoMaxEdge: 4096,
      publishDrafts: 4,
      publishUploads: 6,
    }));
    const router = createRouter(handlers({ 'settings:set': set }), spyLogger());
    const result = await router.call('settings:set', { language: 'fr' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid-input');
    expect(result.error.message).toContain('settings:set');
    expect(result.error.details).toEqual([{ path: ['language'], message: expect.any(String) }]);
    expect(set).not.toHaveBeenCalled();
  });

  it.each([
    ['settings:set', { language: 'de', admin: true }],
    ['settings:set', 'de'],
    ['settings:set', undefined],
    ['app:info', { extra: 1 }],
    ['app:info', []],
  ])('refuses %s with input %j', async (channel, input) => {
    const result = await createRouter(handlers(), spyLogger()).call(channel, input);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('passes the parsed input to the handler and wraps its value', async () => {
    const set = vi.fn(() => ({
      language: 'de' as const,
      theme: 'system' as const,
      photoMaxEdge: 4096,
      publishDrafts: 4,
      publishUploads: 6,
    }));
    const router = createRouter(handlers({ 'settings:set': set }), spyLogger());
    await expect(
      router.call('settings:set', { language: 'de', theme: 'system', photoMaxEdge: 4096 }),
    ).resolves.toEqual({
      ok: true,
      value: { language: 'de', theme: 'system', photoMaxEdge: 4096, publishDrafts: 4, publishUploads: 6 },
    });
    expect(set).toHaveBeenCalledWith({ language: 'de', theme: 'system', photoMaxEdge: 4096 });
  });

  it('accepts no input and an empty object for input-less channels', async () => {
    const router = createRouter(handlers(), spyLogger());
    await expect(router.call('settings:get', undefined)).resolves.toEqual({
      ok: true,
      value: { language: 'system', theme: 'system', photoMaxEdge: 4096, publishDrafts: 4, publishUploads: 6 },
    });
    await expect(router.call('settings:get', {})).resolves.toEqual({
      ok: true,
      value: { language: 'system', theme: 'system', photoMaxEdge: 4096, publishDrafts: 4, publishUploads: 6 },
    });
  });

  it('awaits async handlers', async () => {
    const router = createRouter(
      handlers({
        'settings:get': async () => ({
          language: 'en',
          theme: 'system',
          photoMaxEdge: 4096,
          publishDrafts: 4,
          publishUploads: 6,
        }),
      }),
      spyLogger(),
    );
    await expect(router.call('settings:get', undefined)).resolves.toEqual({
      ok: true,
      value: { language: 'en', theme: 'system', photoMaxEdge: 4096, publishDrafts: 4, publishUploads: 6 },
    });
  });

  it('passes an AppError on with its code, message and details, without logging it', async () => {
    const log = spyLogger();
    const router = createRouter(
      handlers({
        'settings:get': () => {
          throw new AppError('not-found', 'No such draft.', { id: 'd1' });
        },
      }),
      log,
    );
    await expect(router.call('settings:get', undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'not-found', message: 'No such draft.', details: { id: 'd1' } },
    });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('hides any other error behind internal, and logs it', async () => {
    const log = spyLogger();
    const boom = new Error('ENOENT /home/seller/.secret-token=abc123');
    const router = createRouter(
      handlers({
        'settings:get': async () => {
          throw boom;
        },
      }),
      log,
    );
    const result = await router.call('settings:get', undefined);
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('abc123');
    expect(JSON.stringify(result)).not.toContain('ENOENT');
    if (!result.ok) expect(result.error.details).toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('settings:get'), boom);
  });

  it("words the internal failure in the app's language", async () => {
    const router = createRouter(
      handlers({
        'settings:get': () => {
          throw new Error('boom');
        },
      }),
      spyLogger(),
    );
    const message = async () => {
      const result = await router.call('settings:get', undefined);
      return result.ok ? undefined : result.error.message;
    };
    expect(await message()).toBe('Something went wrong in settings:get.');
    await mainI18n.changeLanguage('de');
    try {
      expect(await message()).toBe('Bei settings:get ist etwas schiefgegangen.');
    } finally {
      await mainI18n.changeLanguage('en');
    }
  });

  it('treats a thrown non-Error value as internal too', async () => {
    const log = spyLogger();
    const router = createRouter(
      handlers({
        'app:info': () => {
          throw 'a string';
        },
      }),
      log,
    );
    await expect(router.call('app:info', undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
    expect(log.error).toHaveBeenCalledWith(expect.any(String), 'a string');
  });
});

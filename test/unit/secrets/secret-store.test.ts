import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createKeytarSecretStore,
  keychainService,
  openSecretStore,
  type Keytar,
} from '../../../src/main/secrets/keytar-store';
import { createSessionSecretStore } from '../../../src/main/secrets/secret-store';
import { mainI18n } from '../../../src/main/i18n';

function fakeKeytar(overrides: Partial<Keytar> = {}): Keytar {
  const saved = new Map<string, string>();
  const key = (service: string, account: string) => `${service}/${account}`;
  return {
    getPassword: vi.fn(async (service: string, account: string) => saved.get(key(service, account)) ?? null),
    setPassword: vi.fn(async (service: string, account: string, password: string) => {
      saved.set(key(service, account), password);
    }),
    deletePassword: vi.fn(async (service: string, account: string) => saved.delete(key(service, account))),
    findCredentials: vi.fn(async () => []),
    ...overrides,
  };
}

describe('createSessionSecretStore', () => {
  it('keeps secrets per account in memory and says why', async () => {
    const store = createSessionSecretStore('no Secret Service');
    expect(store.status).toEqual({ mode: 'session-only', reason: 'no Secret Service' });
    await store.set('a', 's1');
    await store.set('b', 's2');
    expect(await store.get('a')).toBe('s1');
    expect(await store.delete('a')).toBe(true);
    expect(await store.get('a')).toBeUndefined();
    expect(await store.delete('a')).toBe(false);
    expect(await store.get('b')).toBe('s2');
  });
});

describe('openSecretStore', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the keychain under the given service when keytar answers', async () => {
    const keytar = fakeKeytar();
    const store = await openSecretStore(() => keytar, 'svc');
    expect(store.status).toEqual({ mode: 'keychain' });
    await store.set('acc', 'secret');
    expect(keytar.setPassword).toHaveBeenCalledWith('svc', 'acc', 'secret');
    expect(await store.get('acc')).toBe('secret');
    expect(await store.get('other')).toBeUndefined();
    expect(await store.delete('acc')).toBe(true);
  });

  it('falls back to session-only, naming the fix, when keytar is not built', async () => {
    const store = await openSecretStore(() => {
      throw new Error('Cannot find module keytar.node\n    at stack line');
    });
    expect(store.status.mode).toBe('session-only');
    if (store.status.mode !== 'session-only') return;
    expect(store.status.reason).toContain('Cannot find module keytar.node');
    expect(store.status.reason).toContain('npm rebuild keytar');
    expect(store.status.reason).not.toContain('stack line');
    // The window words the problem itself; the system's text goes under Details.
    expect(store.status.problem).toBe('not-built');
    expect(store.status.detail).toBe('Cannot find module keytar.node');
  });

  it('falls back to session-only when the keychain refuses', async () => {
    const keytar = fakeKeytar({
      getPassword: vi.fn(async () => Promise.reject(new Error('No such interface org.freedesktop.Secret'))),
    });
    const store = await openSecretStore(() => keytar);
    expect(store.status).toEqual({
      mode: 'session-only',
      reason: expect.stringContaining('No such interface org.freedesktop.Secret'),
      problem: 'unusable',
      detail: 'No such interface org.freedesktop.Secret',
    });
  });

  it('falls back to session-only when the keychain does not answer within 5 s', async () => {
    vi.useFakeTimers();
    const keytar = fakeKeytar({ getPassword: () => new Promise(() => {}) });
    const opening = openSecretStore(() => keytar);
    await vi.advanceTimersByTimeAsync(5_000);
    const store = await opening;
    expect(store.status).toEqual({
      mode: 'session-only',
      reason: expect.stringContaining('did not answer within 5 s'),
      problem: 'no-answer',
      detail: 'no answer within 5000 ms',
    });
  });
});

describe("the session-only store's reason", () => {
  afterEach(async () => {
    await mainI18n.changeLanguage('en');
  });

  it("is worded in the app's language when read, also after a change", async () => {
    vi.useFakeTimers();
    const keytar = fakeKeytar({ getPassword: () => new Promise(() => {}) });
    const opening = openSecretStore(() => keytar);
    await vi.advanceTimersByTimeAsync(5_000);
    const store = await opening;
    vi.useRealTimers();
    await mainI18n.changeLanguage('de');
    expect(store.status).toEqual({
      mode: 'session-only',
      reason:
        'Der Schlüsselbund des Systems ist nicht nutzbar: Der Schlüsselbund hat nicht binnen 5 s geantwortet.',
      problem: 'no-answer',
      detail: 'no answer within 5000 ms',
    });
    await mainI18n.changeLanguage('en');
    expect(store.status).toEqual({
      mode: 'session-only',
      reason: 'The OS keychain cannot be used: The keychain did not answer within 5 s.',
      problem: 'no-answer',
      detail: 'no answer within 5000 ms',
    });
  });

  it('names the fix in German when keytar is not built', async () => {
    const store = await openSecretStore(() => {
      throw new Error('Cannot find module keytar.node');
    });
    await mainI18n.changeLanguage('de');
    expect(store.status.mode === 'session-only' && store.status.reason).toBe(
      'keytar ist nicht gebaut (Cannot find module keytar.node). Installieren Sie libsecret-1-dev und führen Sie `npm rebuild keytar` aus.',
    );
  });
});

describe('createKeytarSecretStore', () => {
  it('never answers with null', async () => {
    const store = createKeytarSecretStore(fakeKeytar());
    expect(await store.get('missing')).toBeUndefined();
  });
});

describe("the name of the desk's keychain entries", () => {
  it('is listing-desk unless LISTING_DESK_KEYCHAIN names another (blank: the default)', () => {
    expect(keychainService({})).toBe('listing-desk');
    expect(keychainService({ LISTING_DESK_KEYCHAIN: '  ' })).toBe('listing-desk');
    expect(keychainService({ LISTING_DESK_KEYCHAIN: ' desk-trainee ' })).toBe('desk-trainee');
  });
});

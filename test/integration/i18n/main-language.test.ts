// Main's words follow the app's language: the system's at start (the setting "system"), the
// seller's choice once made, seen in what main words itself (the keychain's reason in app:info, an
// internal failure's message).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mainI18n } from '../../../src/main/i18n';
import { openSecretStore } from '../../../src/main/secrets/keytar-store';
import type { AppInfo } from '../../../src/shared/ipc/types';
import { createTempApp, tempDir, type TempApp } from '../../unit/helpers/temp-app';

let temp: TempApp | undefined;

afterEach(async () => {
  await temp?.remove();
  temp = undefined;
  await mainI18n.changeLanguage('en');
});

describe("main's language", () => {
  it("is the system's at start and the seller's after a change", async () => {
    const secretStore = await openSecretStore(() => {
      throw new Error('keytar.node missing');
    });
    // The temporary app's system locale is de-DE and its setting "system".
    temp = await createTempApp(undefined, { secretStore });
    const reason = async () => {
      const info = await temp!.call<AppInfo>('app:info');
      return info.keychain.mode === 'session-only' ? info.keychain.reason : undefined;
    };
    expect(temp.app.language()).toBe('de');
    expect(await reason()).toMatch(/^keytar ist nicht gebaut \(keytar\.node missing\)\. Installieren Sie/);

    await temp.call('settings:set', { language: 'en' });
    expect(temp.app.language()).toBe('en');
    await vi.waitFor(async () => expect(await reason()).toMatch(/^keytar is not built/), { timeout: 10_000 });

    await temp.call('settings:set', { language: 'de' });
    await vi.waitFor(async () => expect(await reason()).toMatch(/^keytar ist nicht gebaut/), {
      timeout: 10_000,
    });
  });

  it('stops following once the app is closed', async () => {
    const folder = tempDir();
    try {
      const closed = await createTempApp(folder.dir);
      await closed.call('settings:set', { language: 'en' });
      await vi.waitFor(() => expect(mainI18n.language).toBe('en'), { timeout: 10_000 });
      await closed.app.close();
      // The settings still change (the router outlives close), but main's words no longer follow.
      await closed.call('settings:set', { language: 'de' });
      expect(closed.app.language()).toBe('de');
      // A follower's change runs in promise jobs, all done before the next turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      expect(mainI18n.language).toBe('en');
    } finally {
      folder.remove();
    }
  });
});

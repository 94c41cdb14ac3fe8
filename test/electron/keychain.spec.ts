// The keychain status of the real Electron app as Settings shows it. The test first makes the same
// probe main makes at start (keytar asking the OS keychain), from its own process on the same
// machine and session: under a Secret Service (npm test runs Playwright in dbus-run-session with an
// unlocked gnome-keyring), on macOS and on Windows it answers, and Settings must name the OS
// keychain; where none answers, Settings must say that secrets are kept for this session only, why,
// and warn in the accounts panel.
import { createRequire } from 'node:module';
import { electronMissing, expect, test } from './fixtures';

type Mode = 'keychain' | 'session-only';

/** As long as main waits for the keychain's first answer. */
const KEYCHAIN_PROBE_MS = 5_000;

/** The probe of src/main/secrets/keytar-store.ts: keytar loads, and the keychain answers in time. */
async function keychainAnswers(): Promise<Mode> {
  try {
    const keytar = createRequire(import.meta.url)('keytar') as {
      findCredentials(service: string): Promise<unknown[]>;
    };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), KEYCHAIN_PROBE_MS);
    });
    await Promise.race([keytar.findCredentials('listing-desk'), late]).finally(() => clearTimeout(timer));
    return 'keychain';
  } catch {
    return 'session-only';
  }
}

test.skip(electronMissing !== undefined, electronMissing);

/** True inside scripts/test.mjs's private D-Bus session with its throwaway gnome-keyring. */
const underTestKeyring =
  process.platform === 'linux' &&
  Boolean(process.env.DBUS_SESSION_BUS_ADDRESS) &&
  (process.env.XDG_DATA_HOME ?? '').includes('listing-desk-keyring-');

test('Settings shows where client secrets are kept: the OS keychain when one answers', async ({ page }) => {
  const mode = await keychainAnswers();
  if (underTestKeyring) expect(mode, 'gnome-keyring in dbus-run-session answers keytar').toBe('keychain');

  await page.getByRole('navigation').getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
  const status = page.getByTestId('about-keychain');
  await expect(status).toHaveAttribute('data-mode', mode);
  const warning = page.getByRole('note').filter({ hasText: 'The system keychain cannot be used' });
  if (mode === 'keychain') {
    await expect(status).toHaveText('Stored in the system keychain');
    await expect(warning).toHaveCount(0);
  } else {
    await expect(status).toContainText('Kept for this session only:');
    await expect(warning).toBeVisible();
  }
});

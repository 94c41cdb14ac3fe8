// The keychain suite: runs only inside a D-Bus session with an unlocked gnome-keyring
// (scripts/test.mjs starts it with dbus-run-session).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/keychain/**/*.test.ts'],
    environment: 'node',
    // Issue 33.5: the app's embedded Sandbox accepts any category path in tests (many make up
    // categories); a test of the catalog's checks turns them on itself. The web shells, CLIs and
    // apps the tests start inherit this.
    env: { LISTING_DESK_SANDBOX_CATALOG: 'off' },
    testTimeout: 20_000,
  },
});

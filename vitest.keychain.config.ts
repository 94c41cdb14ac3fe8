// The keychain suite: runs only inside a D-Bus session with an unlocked gnome-keyring
// (scripts/test.mjs starts it with dbus-run-session).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/keychain/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});

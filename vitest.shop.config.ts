// The shop suite: several desks on a real PostgreSQL (Debian's `postgresql`, which `npm test`
// installs), started once in a temporary folder by test/shop/global-setup.ts; tests that stop or
// cut the server start one of their own. Runs inside the keychain's D-Bus session (scripts/test.mjs),
// since a desk keeps the database password in the keychain.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/shop/**/*.test.ts'],
    environment: 'node',
    // Issue 33.5: the app's embedded Sandbox accepts any category path in tests (many make up
    // categories); a test of the catalog's checks turns them on itself. The web shells, CLIs and
    // apps the tests start inherit this.
    env: { LISTING_DESK_SANDBOX_CATALOG: 'off' },
    globalSetup: ['test/shop/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    // Issue 33.5: the app's embedded Sandbox accepts any category path in tests (many make up
    // categories); a test of the catalog's checks turns them on itself. The web shells, CLIs and
    // apps the tests start inherit this.
    env: { LISTING_DESK_SANDBOX_CATALOG: 'off' },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Vitest's default is one worker less than the CPUs: a single one on a 2-core machine, where
    // most integration tests wait on loopback servers and child processes rather than the CPU.
    // Two files at once there take the suite from about 5.7 to 3.1 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});

// Two projects. `web`: the e2e tests drive Debian's Chromium (never a downloaded browser) against
// the web shell. `electron`: the built app in Electron itself, through Playwright's `_electron`
// (no browser); where Electron's binary is missing (or, on Linux, a display), those tests are
// skipped with the reason. `npx playwright test` runs both; `--project=electron` only Electron.
// The global setup builds the app (out/) once for both.
import { defineConfig } from '@playwright/test';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  globalSetup: './test/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'web',
      testDir: 'test/e2e',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: CHROMIUM_FLAGS,
        },
        locale: 'en-US',
      },
    },
    {
      name: 'electron',
      testDir: 'test/electron',
      // A whole app starts per test (back end, embedded service, keychain probe): more time.
      timeout: 120_000,
      expect: { timeout: 20_000 },
    },
  ],
});
